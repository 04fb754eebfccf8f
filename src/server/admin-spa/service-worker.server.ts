/**
 * The admin's service worker (issue #43), served as /admin/sw.js with the scope /admin/. It
 * exists for two things: the admin installs as an app, and a push shows a notification while
 * no tab is open. It keeps NOTHING: no fetch handler, no Cache Storage, so every API answer
 * (and every page) comes from the server as if there were no worker.
 *
 *  - push: the payload is the order's JSON (PushPayload: title, body, tag 'pedido-42', url);
 *    shown with `renotify` (a reminder of the same order rings again) and `requireInteraction`
 *    (it stays until someone looks). A push without a readable payload still says something.
 *  - notificationclick: an open admin window is focused and sent to the order's url; otherwise
 *    a new one opens there (/admin/pedidos?pedido=42).
 *
 * Written here as one self-contained function, type-checked with the project, and served as
 * its own source text (`${serviceWorkerSource}`): it may use only the worker's globals.
 */
import { ADMIN_ICON_192 } from './admin-app-paths.server'

/** What the worker uses of its global scope (the WebWorker lib is not in this project's lib list). */
type WorkerClient = { url: string; focus: () => Promise<unknown>; navigate: (url: string) => Promise<unknown> }
type Notice = { title: string; body?: string; tag?: string; data?: { url?: string }; renotify?: boolean; requireInteraction?: boolean; icon?: string; badge?: string }
type WaitUntil = { waitUntil: (work: Promise<unknown>) => void }
type PushData = { json: () => unknown; text: () => string }
type ServiceWorkerScope = {
  addEventListener(type: 'install' | 'activate', listener: (event: WaitUntil) => void): void
  addEventListener(type: 'push', listener: (event: WaitUntil & { data: PushData | null }) => void): void
  addEventListener(type: 'notificationclick', listener: (event: WaitUntil & { notification: { close: () => void; data?: { url?: string } } }) => void): void
  skipWaiting: () => Promise<void>
  registration: { showNotification: (title: string, options: Omit<Notice, 'title'>) => Promise<void> }
  clients: {
    claim: () => Promise<void>
    matchAll: (options: { type: 'window'; includeUncontrolled: boolean }) => Promise<WorkerClient[]>
    openWindow: (url: string) => Promise<unknown>
  }
  location: { origin: string }
  openOrder?: (url: string) => Promise<unknown>
}

function adminServiceWorker(scope: ServiceWorkerScope, icon: string): void {
  const fallbackUrl = '/admin/pedidos'
  scope.addEventListener('install', (event) => event.waitUntil(scope.skipWaiting()))
  scope.addEventListener('activate', (event) => event.waitUntil(scope.clients.claim()))

  scope.addEventListener('push', (event) => {
    let notice: Notice = { title: 'Nuevo pedido', body: 'Abre Pedidos para verlo', data: { url: fallbackUrl } }
    try {
      const sent = event.data?.json() as Partial<Notice & { url: string }> | undefined
      if (sent && typeof sent.title === 'string') {
        notice = { title: sent.title, body: typeof sent.body === 'string' ? sent.body : '', tag: typeof sent.tag === 'string' ? sent.tag : undefined, data: { url: typeof sent.url === 'string' ? sent.url : fallbackUrl } }
      }
    } catch {
      // not JSON: the generic notice
    }
    const { title, ...options } = notice
    event.waitUntil(
      scope.registration.showNotification(title, {
        ...options,
        renotify: options.tag !== undefined,
        requireInteraction: true,
        icon,
        badge: icon,
      }),
    )
  })

  /** Opens the order: an open admin window is focused and sent there, else a new window. Only this site's admin pages. */
  const openOrder = async (wanted: string): Promise<unknown> => {
    const url = new URL(wanted, scope.location.origin)
    const target = url.origin === scope.location.origin && url.pathname.startsWith('/admin/') ? url.href : new URL(fallbackUrl, scope.location.origin).href
    const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true })
    const open = windows.find((client) => new URL(client.url).pathname.startsWith('/admin'))
    if (!open) return scope.clients.openWindow(target)
    await open.focus().catch(() => {}) // focus needs the click's activation; the navigation does not
    return open.navigate(target)
  }
  // What the click does, callable on its own: a headless browser has no notification to click (e2e/avisos.test.ts).
  scope.openOrder = openOrder

  scope.addEventListener('notificationclick', (event) => {
    event.notification.close()
    event.waitUntil(openOrder(event.notification.data?.url ?? fallbackUrl))
  })
}

/** The script /admin/sw.js answers. */
export const serviceWorkerSource = `'use strict';\n(${adminServiceWorker.toString()})(self, ${JSON.stringify(ADMIN_ICON_192)});\n`
