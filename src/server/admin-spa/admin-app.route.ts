/**
 * The admin as an installable app (issue #43): its web app manifest and its service worker,
 * both public (the browser fetches them without credentials) and both under /admin/, so the
 * worker's scope is the admin and nothing else (the storefront is never controlled by it).
 *  - /admin/manifest.webmanifest: the restaurant's name, colour and square logo (its profile, read
 *    at each request: the owner may change them) and icons, start /admin/pedidos, standalone.
 *  - /admin/sw.js: service-worker.server.ts; `no-cache` so a new release's worker is found at once.
 * Mounted before the SPA's /admin/* fallback.
 */
import { Elysia } from 'elysia'
import { responsiveImage } from '../../shared/images'
import { DEFAULT_STORE_PROFILE, type StoreProfile } from '../../shared/store-profile'
import type { AppContext } from '../context.server'
import { getStoreProfile } from '../store-profile/store-profile.repo.server'
import { ADMIN_ICON_192, ADMIN_ICON_512, MANIFEST_PATH, SERVICE_WORKER_PATH } from './admin-app-paths.server'
import { serviceWorkerSource } from './service-worker.server'


type ManifestIcon = { src: string; sizes: string; type: string; purpose: 'any' | 'maskable' }

/**
 * The owner's uploaded logo as the installed app's icon ('Tu restaurante', issue #41), when it is
 * square: the photo pipeline names its copies by their size (`…-200x200.webp`), which is what a
 * manifest must declare. The drawn icons stay after it: the install still has its 192 and 512.
 */
function logoIcon(logoUrl: string | null): ManifestIcon[] {
  const { width, height } = logoUrl ? responsiveImage(logoUrl) : {}
  if (!logoUrl || width === undefined || width !== height) return []
  return [{ src: logoUrl, sizes: `${width}x${height}`, type: 'image/webp', purpose: 'any' }]
}

export const adminManifest = (profile: Pick<StoreProfile, 'name' | 'logoUrl' | 'colors'>) => ({
  id: '/admin/pedidos',
  name: `${profile.name} · Pedidos`,
  short_name: 'Pedidos',
  description: `Los pedidos de ${profile.name}, con avisos en este dispositivo`,
  lang: 'es',
  start_url: '/admin/pedidos',
  scope: '/admin/',
  display: 'standalone',
  background_color: '#fff8ef',
  theme_color: profile.colors.primary,
  icons: [
    ...logoIcon(profile.logoUrl),
    { src: ADMIN_ICON_192, sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: ADMIN_ICON_512, sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: ADMIN_ICON_512, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ] satisfies ManifestIcon[],
})

/** `ctx`: the store profile (name, logo, colour); without one (tests of the shell alone), the defaults. */
export function adminAppRoutes(ctx?: AppContext) {
  const restaurant = async () => (ctx ? await getStoreProfile(ctx.db) : DEFAULT_STORE_PROFILE)
  return new Elysia({ name: 'admin-app' })
    .get(
      MANIFEST_PATH,
      async () => new Response(JSON.stringify(adminManifest(await restaurant())), { headers: { 'content-type': 'application/manifest+json; charset=utf-8', 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' } }),
    )
    .get(
      SERVICE_WORKER_PATH,
      () =>
        new Response(serviceWorkerSource, {
          headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache', 'service-worker-allowed': '/admin/', 'x-content-type-options': 'nosniff' },
        }),
    )
}
