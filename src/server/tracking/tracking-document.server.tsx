/**
 * The whole HTML document of the tracking page (/pedido/<token>), rendered for every
 * request: it is one customer's order, never cached (decision 023). Its stylesheet is
 * inlined like the landing page's (nothing else blocks the first paint) and its one
 * script, web/track/live.ts, is only sent while the order can still change.
 */
import type { ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { type StoreProfile, colorCss, faviconOf } from '../../shared/store-profile'
import { PageFrame } from '../../web/track/page-frame'

export type TrackingAssets = { inlineCss: string; js: string }

type Props = { title: string; assets: TrackingAssets; live: boolean; profile: StoreProfile; children: ReactNode }

function TrackingDocument({ title, assets, live, profile, children }: Props) {
  const colors = colorCss(profile.colors)
  const favicon = faviconOf(profile)
  return (
    <html lang="es">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="robots" content="noindex, nofollow" />
        <meta name="referrer" content="no-referrer" />
        <meta name="theme-color" content={profile.colors.primary} />
        <link rel="icon" href={favicon.href} type={favicon.type} />
        <style dangerouslySetInnerHTML={{ __html: assets.inlineCss }} />
        {colors && <style dangerouslySetInnerHTML={{ __html: colors }} />}
        {live && <script type="module" src={assets.js} />}
      </head>
      <body>
        <PageFrame name={profile.name} logoUrl={profile.logoUrl}>
          {children}
        </PageFrame>
      </body>
    </html>
  )
}

export function renderTrackingDocument(props: Props): string {
  return `<!DOCTYPE html>${renderToString(<TrackingDocument {...props} />)}`
}
