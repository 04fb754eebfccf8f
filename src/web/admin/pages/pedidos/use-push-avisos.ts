/**
 * 'Activar avisos en este dispositivo' (issue #43): this browser's push subscription, made with
 * the restaurant's VAPID key (GET /api/push/public-key) and registered for the signed-in account
 * (POST /api/push/subscriptions; again at each visit, which updates it). The states:
 *  - 'unsupported': no service worker or Push API here (an iPhone's Safari tab: the admin must be
 *    added to the Home Screen and opened from there);
 *  - 'denied': the browser's notifications are blocked for this site (its settings undo that);
 *  - 'off' / 'on'; 'working' while asking.
 */
import { useCallback, useEffect, useState } from 'react'
import { toast } from '@/web/ui/use-toast'
import { adminWorker } from '../../lib/admin-app'
import { api, call, serverMessage } from '../../lib/api'

export type AvisosState = 'checking' | 'unsupported' | 'denied' | 'off' | 'on' | 'working'

const pushSupported = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window

const bytesOf = (base64url: string): Uint8Array<ArrayBuffer> => {
  const binary = atob(base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '='))
  return Uint8Array.from(binary, (c) => c.charCodeAt(0))
}
const sameKey = (a: ArrayBuffer | null, b: Uint8Array) => a !== null && a.byteLength === b.byteLength && new Uint8Array(a).every((byte, i) => byte === b[i])

/** The subscription as the API takes it. */
function bodyOf(subscription: PushSubscription) {
  const json = subscription.toJSON()
  return { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' } }
}

export function usePushAvisos() {
  const [state, setState] = useState<AvisosState>('checking')

  useEffect(() => {
    let gone = false
    void (async () => {
      if (!pushSupported()) return setState('unsupported')
      if (Notification.permission === 'denied') return setState('denied')
      const registration = await adminWorker()
      if (!registration) return gone || setState('unsupported')
      const current = await registration.pushManager.getSubscription()
      if (!current || Notification.permission !== 'granted') return gone || setState('off')
      // Registered again at each visit: the server may have dropped it (a password changed meanwhile).
      const saved = await call(api.push.subscriptions.post(bodyOf(current))).then(
        () => true,
        () => false,
      )
      if (!gone) setState(saved ? 'on' : 'off')
    })()
    return () => {
      gone = true
    }
  }, [])

  const activate = useCallback(async () => {
    if (!pushSupported()) return setState('unsupported')
    setState('working')
    try {
      const permission = await Notification.requestPermission()
      if (permission !== 'granted') return setState(permission === 'denied' ? 'denied' : 'off')
      const registration = await adminWorker()
      if (!registration) return setState('unsupported')
      const key = bytesOf((await call(api.push['public-key'].get())).publicKey)
      let subscription = await registration.pushManager.getSubscription()
      // Made for other keys (the database was replaced): a new one for these.
      if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
        await subscription.unsubscribe()
        subscription = null
      }
      subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key })
      await call(api.push.subscriptions.post(bodyOf(subscription)))
      setState('on')
      toast({ title: 'Avisos activados', description: 'Este dispositivo avisará de cada pedido nuevo, aunque la página esté cerrada.' })
    } catch (error) {
      setState('off')
      toast({ variant: 'destructive', title: 'No se pudieron activar los avisos', description: serverMessage(error, 'Este navegador no dejó suscribirse. Intenta de nuevo.') })
    }
  }, [])

  const deactivate = useCallback(async () => {
    setState('working')
    try {
      const registration = await adminWorker()
      const subscription = await registration?.pushManager.getSubscription()
      if (subscription) {
        await call(api.push.subscriptions.delete({ endpoint: subscription.endpoint }))
        await subscription.unsubscribe()
      }
      setState('off')
    } catch (error) {
      setState('on')
      toast({ variant: 'destructive', title: 'No se pudieron desactivar los avisos', description: serverMessage(error, 'Intenta de nuevo.') })
    }
  }, [])

  return { state, activate, deactivate }
}
