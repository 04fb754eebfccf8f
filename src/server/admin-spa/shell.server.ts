const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

/** The HTML document that boots the admin SPA. */
export function adminShellHtml({ css, js }: { css: string; js: string }): string {
  return [
    '<!doctype html>',
    '<html lang="es">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    '<meta name="theme-color" content="#b3261e">',
    '<title>Panel de administración · Chilaquiles</title>',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    `<link rel="stylesheet" href="${escapeAttr(css)}">`,
    `<script type="module" src="${escapeAttr(js)}"></script>`,
    '</head>',
    '<body>',
    '<div id="root"></div>',
    '<noscript>El panel de administración necesita JavaScript.</noscript>',
    '</body>',
    '</html>',
  ].join('')
}
