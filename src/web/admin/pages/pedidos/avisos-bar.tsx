/**
 * The board's avisos (issue #43), one bar above the counters: 'Activar sonido' until the tap
 * browsers require, 'Silenciar 5 min' while it rings, 'Activar avisos en este dispositivo' with
 * what the device does now, and 'Instalar' when the browser offers it. Wraps on a phone.
 */
import { BellOff, BellRing, Download, Volume2, VolumeX } from 'lucide-react'
import { clockTime } from '@/shared/date-time'
import { Button } from '@/web/ui/button'
import { install, useInstallOffer } from '../../lib/admin-app'
import { playNewOrderChime, unlockAudio, useAudioReady, useMuted } from './order-cue'
import { type AvisosState, usePushAvisos } from './use-push-avisos'
import { useSilence } from './use-ringing'

const AVISOS_TEXT: Record<AvisosState, string> = {
  checking: 'Revisando los avisos de este dispositivo…',
  unsupported: 'Este navegador no recibe avisos. En iPhone: Compartir → Agregar a pantalla de inicio, y abre Pedidos desde ese ícono.',
  denied: 'Las notificaciones están bloqueadas para este sitio: permítelas en la configuración del navegador.',
  off: 'Este dispositivo no recibe avisos con la página cerrada.',
  on: 'Avisos activados: este dispositivo avisa de cada pedido nuevo, aunque la página esté cerrada.',
  working: 'Un momento…',
}

export function AvisosBar({ ringing }: { ringing: boolean }) {
  const audioReady = useAudioReady()
  const [muted, setMuted] = useMuted()
  const [silencedUntil, silence, unsilence] = useSilence()
  const avisos = usePushAvisos()
  const installOffered = useInstallOffer()

  return (
    <section aria-label="Avisos" className="mb-4 flex flex-wrap items-center gap-2 rounded-lg border border-border bg-card p-3">
      {/* One button in this place: the tap that unlocks sound (any tap does, at its pointerdown) lands on 'Probar sonido', never on another action. */}
      <Button
        variant={!audioReady || muted ? 'default' : 'outline'}
        onClick={() => {
          setMuted(false)
          // The chime once the browser lets the page play: the tap proves the sound works.
          void unlockAudio().then(() => playNewOrderChime())
        }}
      >
        <Volume2 aria-hidden="true" />
        {!audioReady || muted ? 'Activar sonido' : 'Probar sonido'}
      </Button>
      {audioReady && !muted ? (
        silencedUntil ? (
          <Button variant="outline" onClick={unsilence}>
            <Volume2 aria-hidden="true" />
            Silenciado hasta {clockTime(new Date(silencedUntil).toISOString())} · Reanudar
          </Button>
        ) : (
          <Button variant="outline" onClick={silence} disabled={!ringing}>
            <VolumeX aria-hidden="true" />
            Silenciar 5 min
          </Button>
        )
      ) : null}
      {avisos.state === 'on' ? (
        <Button variant="outline" onClick={() => void avisos.deactivate()}>
          <BellOff aria-hidden="true" />
          Desactivar avisos
        </Button>
      ) : avisos.state === 'off' || avisos.state === 'working' ? (
        <Button variant="outline" disabled={avisos.state === 'working'} onClick={() => void avisos.activate()}>
          <BellRing aria-hidden="true" />
          Activar avisos en este dispositivo
        </Button>
      ) : null}
      {installOffered ? (
        <Button variant="outline" onClick={() => void install()}>
          <Download aria-hidden="true" />
          Instalar
        </Button>
      ) : null}
      <p aria-live="polite" className="basis-full text-sm text-muted-foreground sm:basis-auto">
        {AVISOS_TEXT[avisos.state]}
      </p>
    </section>
  )
}
