/**
 * The menu an open page shows, kept current (issue 40 item 9): the owner may hide a category or
 * switch a dish to 'Agotado' while a customer has the page open. The page then asks for itself
 * again, `GET /` (kept by the server, answered 304 while unchanged: the browser revalidates its
 * copy), and reads the products and tabs from its embedded data, as on the first load
 * (page-data.ts): one derivation of the storefront's menu, the server's. It asks when the tab
 * comes back into view, when the cart opens, and after the checkout or its quote refused the
 * cart (409: the menu changed under it); the cart then flags a line whose dish left the menu
 * (cart-availability.ts) and the checkout refuses it anyway. Its own chunk, loaded after
 * hydration (app.tsx): not part of the page's first load.
 */
import type { LandingData, MenuTab } from '../../shared/landing-data'
import { readPageData } from './page-data'

export type LiveMenu = { products: NonNullable<LandingData['products']>; categories: MenuTab[] }

const listeners = new Set<(menu: LiveMenu) => void>()
let asking = false
/** The menu last told (as JSON): an answer that says the same changes nothing. */
let last = ''

/**
 * Keeps the page's menu current: calls `listener` with each menu read that differs from `shown`
 * and from the ones told since, reading it again whenever the tab comes back into view. The
 * returned function stops it.
 */
export function keepMenuCurrent(shown: LiveMenu, listener: (menu: LiveMenu) => void): () => void {
  last = JSON.stringify(shown)
  listeners.add(listener)
  const onVisible = () => document.visibilityState === 'visible' && refreshMenu()
  document.addEventListener('visibilitychange', onVisible)
  return () => {
    listeners.delete(listener)
    document.removeEventListener('visibilitychange', onVisible)
  }
}

/** Asks for the page's menu again (one request at a time; offline: nothing changes). */
export function refreshMenu(): void {
  if (asking || listeners.size === 0) return
  asking = true
  fetch('/', { headers: { accept: 'text/html' }, cache: 'no-cache' })
    .then((res) => (res.ok ? res.text() : null))
    .then((html) => {
      if (html === null) return
      const data = readPageData(new DOMParser().parseFromString(html, 'text/html'))
      if (!data.products) return
      const menu = { products: data.products, categories: data.categories }
      const json = JSON.stringify(menu)
      if (json === last) return
      last = json
      for (const listener of [...listeners]) listener(menu)
    })
    .catch(() => {})
    .finally(() => {
      asking = false
    })
}
