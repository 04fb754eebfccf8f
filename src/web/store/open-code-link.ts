/**
 * A code's link, `/?codigo=MARTES` (issue #33, DESIGN "Selling more"): the code goes in the
 * cart and the page says what it gives ('Código MARTES aplicado: 2x1 en bebidas') when a cart
 * would get it now, or plainly why not or when it applies (issue 40). Only the reading of the
 * address is part of the page's first load; the look-up, the cart's code and the notice come in
 * their own chunks (code-link.tsx, link-notice.tsx), fetched only when the address carries a code.
 */
import type { LinkNotice } from './link-notice'

/** Call once after hydration starts (app.tsx); `show` receives the notice once the code is looked up. */
export function openCodeLink(show: (notice: LinkNotice) => void): void {
  const params = new URLSearchParams(window.location.search)
  const typed = params.get('codigo')
  if (typed === null) return
  // The link has done its work once the code is in the cart: a reload does not announce it again.
  params.delete('codigo')
  const query = params.toString()
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${query ? `?${query}` : ''}${window.location.hash}`)
  import('./code-link').then((m) => m.applyCodeLink(typed)).then(show, () => {}) // offline: the link simply opens the store
}
