/**
 * '¿Cuándo?' in Tu Pedido: 'Lo antes posible' (with today's estimate) or 'Programar' a day
 * and one of its times (decision 024). The days come from the shared slot rule on the
 * page's data; each day's times from the server, full ones shown but disabled. While the
 * restaurant is closed, 'Lo antes posible' is off and 'Programar' is the way to order.
 */
import { useEffect, useId, useState } from 'react'
import type { DeliveryZone } from '../../../shared/checkout'
import { type OrderSettings, dayLabel, preparationAt, schedulableDates, splitScheduledFor } from '../../../shared/order-slots'
import type { OpeningHours, StoreStatus } from '../../../shared/store-hours'
import { formatTime } from '../../../shared/store-hours'
import { Chip, ChipGroup } from '../../ui/chip-group'
import { Choice, ChoiceInput } from '../../ui/choice'
import { cn } from '../../ui/cn'
import { useOrderSlots } from '../use-order-slots'

type Props = {
  settings: OrderSettings
  hours: OpeningHours | null
  status: StoreStatus
  /** The delivery zone chosen, for its time in the estimate; null for pickup. */
  zone: DeliveryZone | null
  scheduledFor: string | null
  /** The cart's products: only the times that suit every one are offered (issue #31). */
  productIds?: readonly number[]
  /**
   * `later`: 'Programar' is chosen (while closed it is the only way); `scheduledFor` is its
   * time, null until one is available and picked: the sheet does not send an order for later
   * without its time.
   */
  onChange: (when: { later: boolean; scheduledFor: string | null }) => void
}

const heading = 'mb-2 font-bold'

export function WhenPicker({ settings, hours, status, zone, scheduledFor, productIds, onChange }: Props) {
  const id = useId()
  const now = new Date()
  const dates = schedulableDates({ hours, settings, now })
  const canSchedule = dates.length > 0
  const [chosenLater, setChosenLater] = useState(scheduledFor !== null)
  const later = canSchedule && (chosenLater || !status.open)
  const [date, setDate] = useState<string | null>(() => (scheduledFor ? (splitScheduledFor(scheduledFor)?.date ?? null) : null))
  const shownDate = date && dates.includes(date) ? date : (dates[0] ?? null)
  const slots = useOrderSlots(later ? shownDate : null, productIds)

  // The time shown is always one of the day's available times: the first, until the customer picks another.
  const available = slots.status === 'ready' ? slots.slots.filter((s) => s.available) : []
  const picked = later && scheduledFor && shownDate && available.some((s) => `${shownDate}T${s.time}` === scheduledFor) ? scheduledFor : null
  const fallback = later && shownDate && available[0] ? `${shownDate}T${available[0].time}` : null
  const value = picked ?? fallback
  useEffect(() => {
    if (value !== scheduledFor) onChange({ later, scheduledFor: value })
  }, [later, value, scheduledFor, onChange])

  if (!canSchedule) return null // nothing to choose: as soon as possible, as before
  const minutes = preparationAt(settings, now)
  const estimate = `Listo en unos ${minutes} min${zone?.estimatedTime ? ` · entrega ${zone.estimatedTime}` : ''}`
  const choose = (next: boolean) => {
    setChosenLater(next)
    onChange({ later: next, scheduledFor: next ? value : null })
  }

  return (
    <fieldset data-testid="when-picker">
      <legend className={heading}>¿Cuándo?</legend>
      <div className="grid grid-cols-2 gap-2">
        <Choice className="flex-col items-start gap-0.5">
          <span className="flex items-center gap-2">
            <ChoiceInput type="radio" name={`${id}-when`} checked={!later} disabled={!status.open} onChange={() => choose(false)} />
            <span className="text-sm font-semibold">Lo antes posible</span>
          </span>
          <span className="pl-7 text-xs text-muted-foreground">{status.open ? estimate : 'Cerrado ahora'}</span>
        </Choice>
        <Choice className="flex-col items-start gap-0.5">
          <span className="flex items-center gap-2">
            <ChoiceInput type="radio" name={`${id}-when`} checked={later} onChange={() => choose(true)} />
            <span className="text-sm font-semibold">Programar</span>
          </span>
          <span className="pl-7 text-xs text-muted-foreground">Elige día y hora</span>
        </Choice>
      </div>

      {later && shownDate && (
        <div className="mt-3 flex flex-col gap-3">
          <ChipGroup label="Día">
            {dates.map((d) => (
              <Chip key={d} checked={d === shownDate} onClick={() => setDate(d)}>
                {dayLabel(d, now)}
              </Chip>
            ))}
          </ChipGroup>
          <SlotGrid date={shownDate} state={slots} scheduledFor={value} onPick={(time) => onChange({ later: true, scheduledFor: `${shownDate}T${time}` })} />
        </div>
      )}
    </fieldset>
  )
}

function SlotGrid({ date, state, scheduledFor, onPick }: { date: string; state: ReturnType<typeof useOrderSlots>; scheduledFor: string | null; onPick: (time: string) => void }) {
  if (state.status === 'loading') return <p className="text-sm text-muted-foreground">Cargando horarios…</p>
  if (state.status === 'error') return <p className="text-sm text-destructive">No pudimos cargar los horarios. Revisa tu conexión.</p>
  if (state.slots.length === 0) return <p className="text-sm text-muted-foreground">No quedan horarios este día; elige otro.</p>
  const full = !state.slots.some((s) => s.available)
  return (
    <>
      {full && <p className="text-sm font-medium text-destructive">Todos los horarios de este día están llenos; elige otro día.</p>}
      <div role="radiogroup" aria-label="Hora" className="grid grid-cols-4 gap-2" data-testid="slot-grid">
        {state.slots.map((slot) => {
          const checked = scheduledFor === `${date}T${slot.time}`
          return (
            <button
              key={slot.time}
              type="button"
              role="radio"
              aria-checked={checked}
              disabled={!slot.available}
              aria-label={slot.available ? formatTime(slot.time) : `${formatTime(slot.time)}, lleno`}
              onClick={() => onPick(slot.time)}
              className={cn(
                'rounded-md border px-1 py-2 text-sm font-semibold tabular-nums',
                checked ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-card',
                !slot.available && 'cursor-not-allowed bg-muted text-muted-foreground line-through',
              )}
            >
              {formatTime(slot.time)}
            </button>
          )
        })}
      </div>
    </>
  )
}
