/**
 * Debian's Chromium driven by playwright-core (the tool's own browser download
 * does not work here). Collects console errors so tests can assert a clean
 * console: a hydration mismatch still leaves a clickable page (STACK-NOTES).
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium, type BrowserContext, type Page } from 'playwright-core'

export const PHONE = { width: 390, height: 844 }
export const LAPTOP = { width: 1280, height: 800 }

export const screenshotDir = path.resolve(import.meta.dir, '../screenshots')

export type Browser = {
  context: BrowserContext
  newPage: (viewport?: { width: number; height: number }, opts?: { javaScriptEnabled?: boolean }) => Promise<TrackedPage>
  close: () => Promise<void>
}
export type TrackedPage = { page: Page; consoleErrors: string[] }

export async function launchBrowser(opts: { javaScriptEnabled?: boolean } = {}): Promise<Browser> {
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'chq-chromium-'))
  await mkdir(screenshotDir, { recursive: true })
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    javaScriptEnabled: opts.javaScriptEnabled ?? true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  return {
    context,
    async newPage(viewport = PHONE) {
      const page = await context.newPage()
      await page.setViewportSize(viewport)
      const consoleErrors: string[] = []
      page.on('console', (msg) => {
        if (msg.type() === 'error') consoleErrors.push(msg.text())
      })
      page.on('pageerror', (err) => consoleErrors.push(String(err)))
      return { page, consoleErrors }
    },
    async close() {
      await context.close()
      await rm(userDataDir, { recursive: true, force: true })
    },
  }
}

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true })
}
