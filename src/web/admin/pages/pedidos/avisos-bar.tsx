/**
 * The board's avisos (issue #43), one bar above the counters: 'Activar sonido' until the tap
 * browsers require, 'Silenciar 5 min' while it rings, 'Activar avisos en este dispositivo' with
 * what the device does now ('Instalar' is in the header: it appears late, and must not move the board). Wraps on a phone.
 */
import { BellOff, BellRing, Volume2, VolumeX } from 'lucide-react'
import { clockTime } from '@/shared/date-time'
import { Button } from '@/web/ui/button'
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
      {/* Always in place (disabled until sound is on and an order waits): the tap that unlocks sound moves nothing. */}
      {silencedUntil && audioReady && !muted ? (
        <Button variant="outline" onClick={unsilence}>
          <Volume2 aria-hidden="true" />
          Silenciado hasta {clockTime(new Date(silencedUntil).toISOString())} · Reanudar
        </Button>
      ) : (
        <Button variant="outline" onClick={silence} disabled={!ringing || !audioReady || muted}>
          <VolumeX aria-hidden="true" />
          Silenciar 5 min
        </Button>
      )}
      {avisos.state === 'on' ? (
        <Button variant="outline" onClick={() => void avisos.deactivate()}>
          <BellOff aria-hidden="true" />
          Desactivar avisos
        </Button>
      ) : avisos.state === 'off' || avisos.state === 'working' || avisos.state === 'checking' ? (
        // Shown (disabled) while this device is checked too: nothing below moves when the answer comes.
        <Button variant="outline" disabled={avisos.state !== 'off'} onClick={() => void avisos.activate()}>
          <BellRing aria-hidden="true" />
          Activar avisos en este dispositivo
        </Button>
      ) : null}
      <p aria-live="polite" className="min-h-10 basis-full text-sm text-muted-foreground sm:min-h-0">
        {AVISOS_TEXT[avisos.state]}
      </p>
    </section>
  )
}
