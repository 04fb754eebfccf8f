/**
 * GET /pedido/:token: the customer's tracking page (decision 023), server-rendered for
 * every request (the status as of now, complete without JavaScript), with its live
 * script while the order can still change. A key that opens nothing is this page's own
 * 404 ('Pedido no encontrado'); too many wrong keys from an address, 429 (tracked-order.server.ts).
 *
 * React's server renderer and the page components are imported on the first request,
 * not at start-up, like the landing page's (decision 012).
 */
import { Elysia } from 'elysia'
import { createElement } from 'react'
import { isFinalStatus } from '../../shared/order-status'
import { trackingOf } from '../../shared/tracking'
import { assetFiles, entries } from '../assets.gen'
import type { AppContext } from '../context.server'
import { clientOf } from '../http/client.server'
import { PAGE_HEADERS } from '../http/security-headers.server'
import { getWhatsappNumber } from '../settings/settings.repo.server'
import { pickupPlace } from '../../shared/store-profile'
import { getStoreProfile } from '../store-profile/store-profile.repo.server'
import { PRIVATE_PAGE_HEADERS, findTrackedOrder, wrongTokenLimiter } from './tracked-order.server'
import type { TrackingAssets } from './tracking-document.server'

const HEADERS = { ...PAGE_HEADERS, ...PRIVATE_PAGE_HEADERS, 'content-type': 'text/html; charset=utf-8' }

let assets: Promise<TrackingAssets> | undefined
const trackingAssets = (): Promise<TrackingAssets> =>
  (assets ??= (async () => {
    const cssFile = assetFiles[entries.trackCss]
    const inlineCss = cssFile ? (await Bun.file(cssFile).text()).replace(/<\/style/gi, '<\\/style') : ''
    return { inlineCss, js: entries.trackJs }
  })())

export function trackingPageRoutes(ctx: AppContext, now: () => number = Date.now) {
  const limiter = wrongTokenLimiter(ctx.db, now)
  return new Elysia({ name: 'tracking-page' }).get('/pedido/:token', async ({ params, request }) => {
    const [{ renderTrackingDocument }, { TrackingView, TrackingMissing }, pageAssets] = await Promise.all([
      import('./tracking-document.server'),
      import('../../web/track/tracking-view'),
      trackingAssets(),
    ])
    const [profile, tracked] = await Promise.all([getStoreProfile(ctx.db), findTrackedOrder(ctx.db, limiter, params.token, clientOf(request, ctx.config.trustProxy).address)])
    if (tracked.kind !== 'found') {
      const limited = tracked.kind === 'limited'
      const message = limited
        ? 'Demasiados intentos desde tu conexión. Espera unos minutos y abre de nuevo el enlace de tu pedido.'
        : 'Revisa que el enlace esté completo, tal como llegó en tu mensaje de WhatsApp.'
      const html = renderTrackingDocument({ title: `Pedido no encontrado · ${profile.name}`, assets: pageAssets, live: false, profile, children: createElement(TrackingMissing, { message }) })
      return new Response(html, { status: limited ? 429 : 404, headers: limited ? { ...HEADERS, 'retry-after': String(tracked.retryAfter) } : HEADERS })
    }
    const { order } = tracked
    const whatsappNumber = await getWhatsappNumber(ctx.db, ctx.config.defaultWhatsappNumber)
    const view = createElement(TrackingView, { tracking: trackingOf(order), token: params.token, whatsappNumber, renderedAt: new Date(now()), pickup: pickupPlace(profile) })
    const html = renderTrackingDocument({ title: `Pedido #${order.number} · ${profile.name}`, assets: pageAssets, live: !isFinalStatus(order.status), profile, children: view })
    return new Response(html, { headers: HEADERS })
  })
}
