/**
 * Keyboard focus check: presses Tab through a page and, for every control that
 * receives focus, reports whether it shows a focus indicator: an outline (style
 * not none, width above 0) on the control itself or, for a visually hidden
 * native input (the sr-only size radios, the image picker's file input), on a
 * label that draws it. Our
 * components draw focus with outlines only (a shadow could be there unfocused).
 */
import type { Page } from 'playwright-core'

export type FocusReport = { visited: string[]; invisible: string[] }

export async function tabThrough(page: Page, maxSteps = 150): Promise<FocusReport> {
  const visited: string[] = []
  const invisible: string[] = []
  const seen = new Set<string>()
  for (let step = 0; step < maxSteps; step++) {
    await page.keyboard.press('Tab')
    const focus = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null
      if (!el || el === document.body) return null
      const path: string[] = []
      for (let n: Element | null = el; n && n !== document.body; n = n.parentElement) {
        const index = n.parentElement ? Array.prototype.indexOf.call(n.parentElement.children, n) : 0
        path.unshift(`${n.tagName.toLowerCase()}:${index}`)
      }
      const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)
      const label = `${el.tagName.toLowerCase()}${el.getAttribute('type') ? `[${el.getAttribute('type')}]` : ''} "${name}"`
      const shows = (n: Element | null) => {
        if (!n) return false
        const box = n.getBoundingClientRect()
        if (box.width < 4 || box.height < 4) return false
        const s = getComputedStyle(n)
        return s.outlineStyle !== 'none' && Number.parseFloat(s.outlineWidth) > 0
      }
      const labels = el instanceof HTMLInputElement ? Array.from(el.labels ?? []) : []
      return { key: path.join('/'), label, visible: shows(el) || shows(el.closest('label')) || labels.some(shows) }
    })
    if (!focus) continue
    if (seen.has(focus.key)) break // back at the start: the whole cycle is done
    seen.add(focus.key)
    visited.push(focus.label)
    if (!focus.visible) invisible.push(focus.label)
  }
  return { visited, invisible }
}
