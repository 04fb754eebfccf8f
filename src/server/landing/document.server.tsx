/**
 * The whole HTML document of the landing page. Only #root is hydrated; the head and
 * the embedded data are server-only. What the head says about the page (title,
 * description, Open Graph and Twitter tags, JSON-LD) depends on the origin and on the
 * dish a link names, so it is not rendered here: the page is rendered once with
 * HEAD_MARK in its place and seo/head.server.ts writes it in (landing.route.tsx).
 */
import { App } from '../../web/store/app'
import { PAGE_DATA_ID, serializeForScript, type LandingData } from '../../shared/landing-data'
import { type StoreProfile, colorCss, faviconOf, pageTitle } from '../../shared/store-profile'
import { MARK_JS } from '../http/security-headers.server'
import { NO_SCRIPT_CSS } from './no-script.server'

/** The store page's <title> and description, from the restaurant's profile ('Tu restaurante', issue #41). */
export const pageTitleOf = (profile: StoreProfile): string => pageTitle(profile)
export const pageDescriptionOf = (profile: StoreProfile): string => profile.description ?? profile.subtitle ?? profile.name

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
  const favicon = faviconOf(data.profile)
  const colors = colorCss(data.profile.colors)
  return (
    <html lang="es">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={data.profile.colors.primary} />
        <meta name={HEAD_MARK_NAME} />
        <link rel="icon" href={favicon.href} type={favicon.type} />
        {data.profile.logoUrl && <link rel="apple-touch-icon" href={data.profile.logoUrl} />}
        {assets.inlineCss === undefined ? <link rel="stylesheet" href={assets.css} /> : <style dangerouslySetInnerHTML={{ __html: assets.inlineCss }} />}
        {/* The restaurant's colours as custom properties after the stylesheet (which never changes per restaurant); none with the theme's own. */}
        {colors && <style dangerouslySetInnerHTML={{ __html: colors }} />}
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
