/**
 * A dish's own link, `/?producto=<id>` (decision 037): the server gives it the dish's
 * preview for the chat; here, once the menu has hydrated, the page shows that dish: its
 * category's tab selected, its card in the middle of the screen, ringed for a moment.
 * Only the DOM the page already has (the card's `data-product-id`, the tabs' ARIA links),
 * and no React state; app.tsx imports it only when the URL names a dish (its own small chunk).
 * A link naming no dish on the menu (deleted, its category hidden, a mistyped id) says so
 * instead of silently showing the store (issue 40).
 */
import type { LinkNotice } from './link-notice'

/** What a link to a dish no longer on the menu says. */
const GONE_NOTICE: LinkNotice = { kind: 'product', tone: 'refused', title: 'Ese platillo ya no está en el menú', detail: 'Mira lo que tenemos hoy.' }
const RING = ['ring-4', 'ring-secondary', 'ring-offset-2', 'ring-offset-background']

function show(id: string, gone: (notice: LinkNotice) => void): void {
  const card = document.querySelector<HTMLElement>(`[data-testid="product-card"][data-product-id="${id}"]`)
  if (!card) return gone(GONE_NOTICE) // not on the menu (any more): the page is the store's, and says so
  const panel = card.closest<HTMLElement>('[role="tabpanel"]')
  if (panel?.hidden) document.querySelector<HTMLElement>(`[role="tab"][aria-controls="${panel.id}"]`)?.click()
  // React shows the panel in a microtask after the click: scroll on the next frame, once it is laid out.
  requestAnimationFrame(() => {
    card.scrollIntoView({ block: 'center' })
    card.classList.add(...RING)
    setTimeout(() => card.classList.remove(...RING), 2500)
  })
}

/** Call once after hydration starts (app.tsx): waits for the menu's hydration marker (page-body.tsx); `gone` gets the notice for a dish not on the menu. */
export function openProductLink(gone: (notice: LinkNotice) => void): void {
  const id = new URLSearchParams(window.location.search).get('producto')
  if (id === null) return
  if (!/^[1-9]\d{0,9}$/.test(id)) return gone(GONE_NOTICE)
  const root = document.documentElement
  if (root.dataset.hydrated) return show(id, gone)
  const observer = new MutationObserver(() => {
    if (!root.dataset.hydrated) return
    observer.disconnect()
    show(id, gone)
  })
  observer.observe(root, { attributes: true, attributeFilter: ['data-hydrated'] })
}
