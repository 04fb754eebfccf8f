/**
 * The whole HTML document of the landing page. Only #root is hydrated; the head and
 * the embedded data are server-only. What the head says about the page (title,
 * description, Open Graph and Twitter tags, JSON-LD) depends on the origin and on the
 * dish a link names, so it is not rendered here: the page is rendered once with
 * HEAD_MARK in its place and seo/head.server.ts writes it in (landing.route.tsx).
 */
import { App } from '../../web/store/app'
import { PAGE_DATA_ID, serializeForScript, type LandingData } from '../../shared/landing-data'
import { RESTAURANT_NAME } from '../../web/store/restaurant'
import { MARK_JS } from '../http/security-headers.server'
import { NO_SCRIPT_CSS } from './no-script.server'

export const PAGE_TITLE = `${RESTAURANT_NAME} · Los mejores chilaquiles de Guatemala`
export const PAGE_DESCRIPTION =
  'Chilaquiles guatemaltecos hechos al momento: escoge tu salsa (verde, roja, mixta o mole), personaliza tu plato y pide por WhatsApp. Entrega en 30-45 min.'

/** Where the page's own tags go: rendered as `<meta name="chq-head"/>`, replaced before the page is served. */
export const HEAD_MARK_NAME = 'chq-head'
export const HEAD_MARK = `<meta name="${HEAD_MARK_NAME}"/>`

/**
 * `css` is the stylesheet's URL; `inlineCss`, when given, its text, written into the
 * head instead of a <link>: the first paint then waits for no other request (the
 * stylesheet is ~6 KB brotli, and the page is revalidated, not re-downloaded, on
 * repeat visits). Styles may be inline under the CSP (security-headers.server.ts).
 */
export type DocumentAssets = { css: string; inlineCss?: string; preload: string[] }

export function Document({ data, assets }: { data: LandingData; assets: DocumentAssets }) {
  return (
    <html lang="es">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#b3261e" />
        <meta name={HEAD_MARK_NAME} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {assets.inlineCss === undefined ? <link rel="stylesheet" href={assets.css} /> : <style dangerouslySetInnerHTML={{ __html: assets.inlineCss }} />}
        {assets.preload.map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
        <script dangerouslySetInnerHTML={{ __html: MARK_JS }} />
        <style dangerouslySetInnerHTML={{ __html: NO_SCRIPT_CSS }} />
      </head>
      <body>
        <div id="root">
          <App data={data} />
        </div>
        <script type="application/json" id={PAGE_DATA_ID} dangerouslySetInnerHTML={{ __html: serializeForScript(data) }} />
      </body>
    </html>
  )
}
