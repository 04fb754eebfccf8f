/**
 * The whole HTML document of the landing page. Only #root is hydrated; the head,
 * the embedded data and the JSON-LD are server-only.
 */
import { App } from '../../web/store/app'
import { PAGE_DATA_ID, serializeForScript, type LandingData } from '../../web/store/page-data'
import { RESTAURANT_NAME } from '../../web/store/static-content'
import { buildJsonLd } from './json-ld'

export const PAGE_TITLE = `${RESTAURANT_NAME} · Los mejores chilaquiles de Guatemala`
export const PAGE_DESCRIPTION =
  'Chilaquiles guatemaltecos hechos al momento: escoge tu salsa (verde, roja, mixta o mole), personaliza tu plato y pide por WhatsApp. Entrega en 30-45 min.'

/**
 * Without JavaScript the tabs cannot switch, so every menu panel and its
 * category title is shown and the tab bar hidden. Keyed on an attribute that a
 * one-line head script sets before first paint (rather than <noscript>, which
 * browsers that merely block scripts do not honour).
 */
// In Tailwind's `base` layer: an !important rule outside the layers would lose to preflight's `[hidden]{display:none!important}`.
const NO_SCRIPT_CSS =
  '@layer base{' +
  'html:not([data-js]) #menu [role=tablist]{display:none!important}html:not([data-js]) #menu [role=tabpanel][hidden]{display:block!important}' +
  'html:not([data-js]) #menu [data-category-title]{position:static!important;width:auto!important;height:auto!important;margin:2rem 0 1rem!important;overflow:visible!important;clip-path:none!important;white-space:normal!important;font-size:1.5rem;font-weight:700}' +
  '}'
const MARK_JS = 'document.documentElement.dataset.js=""'

export type DocumentAssets = { css: string; preload: string[] }

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
        <link rel="stylesheet" href={assets.css} />
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
