import { PAUSE_MESSAGE_MAX } from '@/shared/schemas'
import { PAUSED_MESSAGE } from '@/shared/store-hours'
import { Input } from '@/web/ui/input'
import { Switch } from '@/web/ui/switch'
import { Field, hintId, invalidProps } from '../../components/field'
import type { HoursDraft, PathErrors } from './opening-hours-draft'

type Pause = Pick<HoursDraft, 'paused' | 'pauseMessage' | 'pausedUntil'>
type Props = Pause & { errors: PathErrors; onChange: (patch: Partial<Pause>) => void }

/** 'Pausar pedidos': the storefront stops taking orders (not the point of sale), optionally until a time. */
export function PauseEditor({ paused, pauseMessage, pausedUntil, errors, onChange }: Props) {
  return (
    <div className="grid gap-4">
      <div className="flex items-start gap-3">
        <Switch
          id="pause-orders"
          checked={paused}
          onCheckedChange={(on) => onChange({ paused: on })}
          aria-labelledby="pause-orders-label"
          aria-describedby={hintId('pause-orders')}
        />
        <div className="grid gap-0.5">
          <span id="pause-orders-label" className="text-sm font-medium">
            Pausar pedidos
          </span>
          <p id={hintId('pause-orders')} className="text-xs text-muted-foreground">
            Mientras esté activa, la tienda en línea no acepta pedidos (el punto de venta sí).
          </p>
        </div>
      </div>
      {paused ? (
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <Field id="pause-message" label="Mensaje para los clientes (opcional)" error={errors.pauseMessage}>
            <Input
              id="pause-message"
              placeholder={PAUSED_MESSAGE}
              maxLength={PAUSE_MESSAGE_MAX}
              value={pauseMessage}
              onChange={(e) => onChange({ pauseMessage: e.target.value })}
              {...invalidProps('pause-message', errors.pauseMessage)}
            />
          </Field>
          <Field id="pause-until" label="Reanudar automáticamente (opcional)" hint="Hora de Guatemala. Vacío: hasta que desactives la pausa." error={errors.pausedUntil}>
            <Input
              id="pause-until"
              type="datetime-local"
              value={pausedUntil}
              onChange={(e) => onChange({ pausedUntil: e.target.value })}
              aria-describedby={hintId('pause-until')}
              {...invalidProps('pause-until', errors.pausedUntil)}
            />
          </Field>
        </div>
      ) : null}
    </div>
  )
}
