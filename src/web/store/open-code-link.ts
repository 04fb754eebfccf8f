/**
 * A code's link, `/?codigo=MARTES` (issue #33, DESIGN "Selling more"): the code goes in the
 * cart and the page says what it gives ('Código MARTES aplicado: 2x1 en bebidas'), or plainly
 * why it does not apply. Only the reading of the address is part of the page's first load; the
 * look-up, the cart's code and the notice come in their own chunk (code-link.tsx), fetched only
 * when the address carries a code.
 */

/** What the page says about the link's code. */
export type CodeLinkNotice = { applied: boolean; title: string; detail: string | null }

/** Call once after hydration starts (app.tsx); `show` receives the notice once the code is looked up. */
export function openCodeLink(show: (notice: CodeLinkNotice) => void): void {
  const params = new URLSearchParams(window.location.search)
  const typed = params.get('codigo')
  if (typed === null) return
  // The link has done its work once the code is in the cart: a reload does not announce it again.
  params.delete('codigo')
  const query = params.toString()
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${query ? `?${query}` : ''}${window.location.hash}`)
  import('./code-link').then((m) => m.applyCodeLink(typed)).then(show, () => {}) // offline: the link simply opens the store
}
