/**
 * The whole HTML document of the landing page. Only #root is hydrated; the head,
 * the embedded data and the JSON-LD are server-only.
 */
import { App } from '../../web/store/app'
import { PAGE_DATA_ID, serializeForScript, type LandingData } from '../../shared/landing-data'
import { RESTAURANT_NAME } from '../../web/store/restaurant'
import { buildJsonLd } from './json-ld.server'
import { MARK_JS } from '../http/security-headers.server'
import { NO_SCRIPT_CSS } from './no-script.server'

export const PAGE_TITLE = `${RESTAURANT_NAME} · Los mejores chilaquiles de Guatemala`
export const PAGE_DESCRIPTION =
  'Chilaquiles guatemaltecos hechos al momento: escoge tu salsa (verde, roja, mixta o mole), personaliza tu plato y pide por WhatsApp. Entrega en 30-45 min.'

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
        <title>{PAGE_TITLE}</title>
        <meta name="description" content={PAGE_DESCRIPTION} />
        <meta name="theme-color" content="#b3261e" />
        <meta property="og:type" content="restaurant.restaurant" />
        <meta property="og:site_name" content={RESTAURANT_NAME} />
        <meta property="og:title" content={PAGE_TITLE} />
        <meta property="og:description" content={PAGE_DESCRIPTION} />
        <meta property="og:locale" content="es_GT" />
        <meta property="og:image" content="/images/hero.svg" />
        <meta name="twitter:card" content="summary_large_image" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {assets.inlineCss === undefined ? <link rel="stylesheet" href={assets.css} /> : <style dangerouslySetInnerHTML={{ __html: assets.inlineCss }} />}
        {assets.preload.map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
        <script dangerouslySetInnerHTML={{ __html: MARK_JS }} />
        <style dangerouslySetInnerHTML={{ __html: NO_SCRIPT_CSS }} />
        <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeForScript(buildJsonLd(data, PAGE_DESCRIPTION)) }} />
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
