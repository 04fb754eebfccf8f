/**
 * The integrators' reference page (GET /api/docs) in Chromium against the real server:
 * it loads nothing from another site (it works offline), breaks no rule of the site's
 * Content-Security-Policy (its inline style applies, nothing is blocked), has no
 * serious accessibility problem, and reads on a laptop and on a phone.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { LAPTOP, PHONE, launchBrowser, screenshot, takeProblems, type Browser } from './support/browser'
import { startServer, type TestServer } from './support/server'

let server: TestServer
let browser: Browser

beforeAll(async () => {
  server = await startServer()
  browser = await launchBrowser()
})
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

async function axeViolations(page: Page): Promise<string[]> {
  // Through the DevTools protocol, not as an inline <script> (the page's CSP refuses those).
  await page.evaluate(await Bun.file(path.resolve(import.meta.dir, '../node_modules/axe-core/axe.min.js')).text())
  const result = await page.evaluate(async () => {
    type Violation = { id: string; impact: string; nodes: { target: string[] }[] }
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Violation[] }> } }).axe
    return axe.run(document, { resultTypes: ['violations'] })
  })
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

describe('/api/docs in a browser', () => {
  for (const [name, viewport] of [
    ['laptop', LAPTOP],
    ['phone', PHONE],
  ] as const) {
    test(`${name}: only same-origin requests, no CSP violation or console error, styled, no serious axe violation`, async () => {
      const tracked = await browser.newPage(viewport)
      const { page } = tracked
      const requested: string[] = []
      page.on('request', (request) => requested.push(request.url()))
      const res = await page.goto(`${server.url}/api/docs`)
      expect(res?.status()).toBe(200)
      await page.getByRole('heading', { level: 1, name: /API para integradores/ }).waitFor()
      expect(requested.filter((u) => new URL(u).origin !== server.url)).toEqual([])
      // The inline <style> applied: the checkout's POST badge has its colour, which only that style sets.
      expect(await page.locator('#checkout .method').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(21, 128, 61)')
      expect(await page.locator('a[href="/api/openapi.json"]').count()).toBeGreaterThan(0)
      expect(await axeViolations(page)).toEqual([])
      expect(takeProblems(tracked)).toEqual([])
      await screenshot(page, `api-docs-${name}`)
      await page.close()
    })
  }

  test('the link to the OpenAPI document opens it', async () => {
    const tracked = await browser.newPage(LAPTOP)
    await tracked.page.goto(`${server.url}/api/docs`)
    const [answer] = await Promise.all([tracked.page.waitForResponse((r) => r.url().endsWith('/api/openapi.json')), tracked.page.locator('a[href="/api/openapi.json"]').first().click()])
    expect(answer.status()).toBe(200)
    expect(((await answer.json()) as { openapi: string }).openapi).toMatch(/^3\.1\./)
    expect(takeProblems(tracked)).toEqual([])
    await tracked.page.close()
  })
})
