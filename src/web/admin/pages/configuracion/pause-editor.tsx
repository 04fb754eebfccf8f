import { PAUSE_MESSAGE_MAX } from '@/shared/schemas'
import { PAUSED_MESSAGE } from '@/shared/store-hours'
import { Input } from '@/web/ui/input'
import { Switch } from '@/web/ui/switch'
import { TimeInput } from '@/web/ui/time-input'
import { Field, hintId, invalidProps } from '../../components/field'
import type { HoursDraft, PathErrors } from './opening-hours-draft'

type Pause = Pick<HoursDraft, 'paused' | 'pauseMessage' | 'pausedUntil'>
type Props = Pause & { errors: PathErrors; onChange: (patch: Partial<Pause>) => void }

/**
 * 'Pausar pedidos': the storefront stops taking orders (not the point of sale), optionally
 * until a day and a time. The time is its own 24-hour field: a native date-and-time field
 * would write '03:00 p. m.' on a Spanish phone. `pausedUntil` stays "YYYY-MM-DDTHH:MM".
 */
export function PauseEditor({ paused, pauseMessage, pausedUntil, errors, onChange }: Props) {
  const [day = '', time = ''] = pausedUntil.split('T')
  const until = (nextDay: string, nextTime: string) => onChange({ pausedUntil: nextDay || nextTime ? `${nextDay}T${nextTime}` : '' })
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
            <div className="grid grid-cols-[minmax(0,1fr)_6rem] gap-2">
              <Input
                id="pause-until"
                type="date"
                value={day}
                onChange={(e) => until(e.target.value, time)}
                aria-describedby={hintId('pause-until')}
                {...invalidProps('pause-until', errors.pausedUntil)}
              />
              <TimeInput
                aria-label="Hora de reanudar"
                className="tabular-nums"
                value={time}
                onValueChange={(next) => until(day, next)}
                aria-describedby={hintId('pause-until')}
                {...invalidProps('pause-until', errors.pausedUntil)}
              />
            </div>
          </Field>
        </div>
      ) : null}
    </div>
  )
}
