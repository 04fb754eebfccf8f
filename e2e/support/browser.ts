/**
 * Debian's Chromium driven by playwright-core (the tool's own browser download
 * does not work here). Every page records its problems so tests can assert a
 * clean page: console errors and warnings (a hydration mismatch still leaves a
 * clickable page, so clicking proves nothing about it), uncaught exceptions, and Content-Security-Policy
 * violations (a `securitypolicyviolation` listener installed before any page
 * script, reporting through a binding that survives navigations).
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
export type TrackedPage = {
  page: Page
  /** Console errors/warnings, page errors and CSP violations, in order; tests may splice out the ones they expect. */
  problems: string[]
}

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
      const problems: string[] = []
      page.on('console', (msg) => {
        if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`console.${msg.type()}: ${msg.text()}`)
      })
      page.on('pageerror', (err) => problems.push(`pageerror: ${String(err)}`))
      await page.exposeBinding('__reportCspViolation', (_source, text: string) => {
        problems.push(`csp: ${text}`)
      })
      await page.addInitScript(() => {
        const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation
        document.addEventListener('securitypolicyviolation', (e) => {
          report(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber} (${e.sample})`)
        })
      })
      return { page, problems }
    },
    async close() {
      await context.close()
      await rm(userDataDir, { recursive: true, force: true })
    },
  }
}

/** Takes the problems recorded so far (so the next check starts clean). */
export function takeProblems(t: TrackedPage): string[] {
  return t.problems.splice(0)
}

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true })
}
