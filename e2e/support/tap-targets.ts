/**
 * Tap targets as a finger meets them (issue #40 item 15; WCAG 2.5.5 and 2.5.8): every
 * interactive element a person can see is at least 44x44 px, or has 44 px of clear space
 * around it (no other target closer than that), so a finger cannot land on its neighbour.
 * Measured in the page, on what is laid out now (open dialogs included), in CSS pixels.
 */
import type { Page } from 'playwright-core'

export const MIN_TARGET = 44

export type TargetProblem = { name: string; width: number; height: number; reason: string }

/** How many targets were measured, and the ones too small and too close to another, each named as a person would find it. */
export function smallTargets(page: Page, min = MIN_TARGET): Promise<{ measured: number; problems: TargetProblem[] }> {
  return page.evaluate((min) => {
    const SELECTOR = [
      'a[href]',
      'button',
      'input:not([type=hidden])',
      'select',
      'textarea',
      'summary',
      '[role=button]',
      '[role=tab]',
      '[role=switch]',
      '[role=checkbox]',
      '[role=radio]',
      '[role=link]',
      '[role=menuitem]',
      '[role=option]',
    ].join(',')
    type Box = { left: number; top: number; right: number; bottom: number }
    const seen = (el: Element): boolean => {
      if (el.closest('[aria-hidden="true"], [inert]')) return false
      const style = getComputedStyle(el)
      if (style.visibility === 'hidden' || style.display === 'none' || style.pointerEvents === 'none') return false
      const r = el.getBoundingClientRect()
      return r.width > 1 && r.height > 1
    }
    /** A control whose label takes the tap too (a radio or checkbox with its words) is measured with it. */
    const boxOf = (el: Element): Box => {
      const r = el.getBoundingClientRect()
      let box: Box = { left: r.left, top: r.top, right: r.right, bottom: r.bottom }
      const label = el.closest('label') ?? (el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`) : null)
      if (label && (el instanceof HTMLInputElement || el.getAttribute('role') === 'checkbox' || el.getAttribute('role') === 'radio' || el.getAttribute('role') === 'switch')) {
        const l = label.getBoundingClientRect()
        // Only a label that touches the control makes one target with it.
        const touches = l.left <= r.right + 1 && l.right >= r.left - 1 && l.top <= r.bottom + 1 && l.bottom >= r.top - 1
        if (touches) box = { left: Math.min(r.left, l.left), top: Math.min(r.top, l.top), right: Math.max(r.right, l.right), bottom: Math.max(r.bottom, l.bottom) }
      }
      return box
    }
    const nameOf = (el: Element): string => {
      const text = (el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)
      const tag = el.tagName.toLowerCase()
      const role = el.getAttribute('role')
      const extra = el instanceof HTMLInputElement ? `[type=${el.type}]` : ''
      const label = el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent?.trim().slice(0, 30) : ''
      return `${tag}${extra}${role ? `[role=${role}]` : ''} "${text || label || el.getAttribute('placeholder') || el.getAttribute('name') || ''}"`
    }
    const elements = [...document.querySelectorAll(SELECTOR)].filter(seen)
    // A target inside another (a button in a link) is one place for a finger: keep the outermost.
    const outer = elements.filter((el) => !elements.some((other) => other !== el && other.contains(el) && !(other instanceof HTMLLabelElement)))
    const targets = outer.map((el) => {
      const box = boxOf(el)
      return { el, box, w: box.right - box.left, h: box.bottom - box.top }
    })
    /** The gap between two boxes (0 when they touch or overlap). */
    const gap = (a: Box, b: Box) => Math.hypot(Math.max(b.left - a.right, 0, a.left - b.right), Math.max(b.top - a.bottom, 0, a.top - b.bottom))
    const small = targets.filter((t) => t.w < min - 0.5 || t.h < min - 0.5)
    const problems: TargetProblem[] = []
    for (const t of small) {
      // A smaller target needs 44 px of clear space around it: no other target that close.
      const near = targets.find((o) => o !== t && !o.el.contains(t.el) && !t.el.contains(o.el) && gap(t.box, o.box) < min - 0.5)
      if (near) problems.push({ name: nameOf(t.el), width: Math.round(t.w * 10) / 10, height: Math.round(t.h * 10) / 10, reason: `a ${Math.round(gap(t.box, near.box))} px de ${nameOf(near.el)}` })
    }
    return { measured: targets.length, problems }
  }, min)
}
