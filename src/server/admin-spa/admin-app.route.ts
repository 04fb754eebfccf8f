/**
 * The admin as an installable app (issue #43): its web app manifest and its service worker,
 * both public (the browser fetches them without credentials) and both under /admin/, so the
 * worker's scope is the admin and nothing else (the storefront is never controlled by it).
 *  - /admin/manifest.webmanifest: the restaurant's name (its profile, read at each request: the
 *    owner may rename it) and icons, start /admin/pedidos, standalone.
 *  - /admin/sw.js: service-worker.server.ts; `no-cache` so a new release's worker is found at once.
 * Mounted before the SPA's /admin/* fallback.
 */
import { Elysia } from 'elysia'
import { DEFAULT_NAME } from '../../shared/store-profile'
import type { AppContext } from '../context.server'
import { getStoreProfile } from '../store-profile/store-profile.repo.server'
import { serviceWorkerSource } from './service-worker.server'

export const MANIFEST_PATH = '/admin/manifest.webmanifest'
export const SERVICE_WORKER_PATH = '/admin/sw.js'
export const ADMIN_ICON_192 = '/images/admin-icon-192.png'
export const ADMIN_ICON_512 = '/images/admin-icon-512.png'
/** The Home Screen icon iOS uses (it reads no manifest icons). */
export const APPLE_TOUCH_ICON = '/images/admin-icon-180.png'

export const adminManifest = (restaurant: string) => ({
  id: '/admin/pedidos',
  name: `${restaurant} · Pedidos`,
  short_name: 'Pedidos',
  description: `Los pedidos de ${restaurant}, con avisos en este dispositivo`,
  lang: 'es',
  start_url: '/admin/pedidos',
  scope: '/admin/',
  display: 'standalone',
  background_color: '#fff8ef',
  theme_color: '#b3261e',
  icons: [
    { src: ADMIN_ICON_192, sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: ADMIN_ICON_512, sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: ADMIN_ICON_512, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
})

/** `ctx`: the store profile's name; without one (tests of the shell alone), the default name. */
export function adminAppRoutes(ctx?: AppContext) {
  const restaurantName = async () => (ctx ? (await getStoreProfile(ctx.db)).name : DEFAULT_NAME)
  return new Elysia({ name: 'admin-app' })
    .get(
      MANIFEST_PATH,
      async () => new Response(JSON.stringify(adminManifest(await restaurantName())), { headers: { 'content-type': 'application/manifest+json; charset=utf-8', 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' } }),
    )
    .get(
      SERVICE_WORKER_PATH,
      () =>
        new Response(serviceWorkerSource, {
          headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache', 'service-worker-allowed': '/admin/', 'x-content-type-options': 'nosniff' },
        }),
    )
}
