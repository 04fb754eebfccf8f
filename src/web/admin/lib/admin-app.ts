/**
 * The admin as an installed app (issue #43): the service worker /admin/sw.js registered with
 * the scope /admin/ (it shows pushes and keeps nothing: no API answer is ever served from it),
 * and the browser's offer to install, kept for the 'Instalar' button. Browsers without service
 * workers (or a page not in a secure context) just do without.
 */
import { useSyncExternalStore } from 'react'

export const SERVICE_WORKER_URL = '/admin/sw.js'
export const SERVICE_WORKER_SCOPE = '/admin/'

let registering: Promise<ServiceWorkerRegistration | null> | undefined

/** The worker's registration (registered once per page), or null where there is none to be had. */
export function adminWorker(): Promise<ServiceWorkerRegistration | null> {
  registering ??= (async () => {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || !window.isSecureContext) return null
    try {
      await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE, updateViaCache: 'none' })
      return await navigator.serviceWorker.ready
    } catch {
      return null
    }
  })()
  return registering
}

/** Chrome's install offer (not in TypeScript's DOM types). */
type InstallPrompt = Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }> }

let offer: InstallPrompt | null = null
const listeners = new Set<() => void>()
const changed = () => {
  for (const listener of listeners) listener()
}

/** Keeps the browser's offer to install (it comes once per page, whenever the browser decides). */
export function listenForInstallOffer(): void {
  if (typeof window === 'undefined') return
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault() // our 'Instalar' button asks instead of the browser's mini-bar
    offer = event as InstallPrompt
    changed()
  })
  window.addEventListener('appinstalled', () => {
    offer = null
    changed()
  })
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** Whether the browser offers to install the admin now ('Instalar' shows only then). */
export const useInstallOffer = (): boolean => useSyncExternalStore(subscribe, () => offer !== null, () => false)

/** 'Instalar': the browser's own dialog. */
export async function install(): Promise<void> {
  const current = offer
  if (!current) return
  offer = null
  changed()
  await current.prompt()
}
