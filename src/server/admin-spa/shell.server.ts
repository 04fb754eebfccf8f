import { APPLE_TOUCH_ICON, MANIFEST_PATH } from './admin-app-paths.server'

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

/**
 * The HTML document that boots the admin SPA: the stylesheet, the entry script, a
 * `<link rel="preload" as="fetch">` for each API answer the screen asks for first (sent
 * with the session cookie, as the app's own fetch is, so that fetch takes the preloaded
 * answer) and a `<link rel="modulepreload">` for every chunk the screen needs (decision
 * 020), so they download beside the entry instead of one import level after another. `loading`
 * (trusted markup, rendered by the client build from the app's Loading component) fills
 * the root until React replaces it.
 */
export function adminShellHtml({
  css,
  js,
  preload = [],
  fetches = [],
  loading = '',
  afterPaint = false,
}: {
  css: string
  js: string
  preload?: readonly string[]
  fetches?: readonly string[]
  loading?: string
  /**
   * `js` is the boot file (decision 020): the page paints from `loading` first, then the
   * boot announces the `preload` chunks and runs the entry, so no script competes with
   * that first paint.
   */
  afterPaint?: boolean
}): string {
  return [
    '<!doctype html>',
    '<html lang="es">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    '<meta name="theme-color" content="#b3261e">',
    // Made once at start: no restaurant's name here (the header and the sidebar say it; sign-in's title adds it).
    '<title>Panel de administración</title>',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    // The admin installs as an app (issue #43): its manifest, and the icon iOS puts on the Home Screen.
    `<link rel="manifest" href="${MANIFEST_PATH}">`,
    `<link rel="apple-touch-icon" href="${APPLE_TOUCH_ICON}">`,
    `<link rel="stylesheet" href="${escapeAttr(css)}">`,
    afterPaint
      ? `<script type="module" src="${escapeAttr(js)}" data-preload="${escapeAttr(preload.join(' '))}"></script>`
      : `<script type="module" src="${escapeAttr(js)}"></script>`,
    // The answers first: a few bytes each, they should not queue behind the chunks for a connection.
    ...fetches.map((href) => `<link rel="preload" href="${escapeAttr(href)}" as="fetch" crossorigin="use-credentials">`),
    ...(afterPaint ? [] : preload.map((href) => `<link rel="modulepreload" href="${escapeAttr(href)}">`)),
    '</head>',
    '<body>',
    `<div id="root">${loading}</div>`,
    '<noscript>El panel de administración necesita JavaScript.</noscript>',
    '</body>',
    '</html>',
  ].join('')
}
