import type { Page } from 'playwright-core'

/**
 * Records the chat the storefront opens instead of leaving the page. The checkout opens a
 * blank window during the tap and points it at wa.me later (decision 009): the stand-in
 * window records where it is sent. `openedChats(page)` reads the addresses, oldest first.
 */
export const CAPTURE_OPEN = `window.__opened = []; window.open = (url, target, features) => {
  if (url) { window.__opened.push(String(url)); return null }
  return { closed: false, opener: {}, close() { this.closed = true }, document: { title: '', body: {} },
    location: { set href(to) { window.__opened.push(String(to)) } } }
}`

export const openedChats = (page: Page): Promise<string[]> => page.evaluate(() => (window as unknown as { __opened: string[] }).__opened)
