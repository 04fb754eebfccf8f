import { Copy, Plus, Trash2 } from 'lucide-react'
import { WEEKDAYS, WEEKDAY_LABELS, type Weekday } from '@/shared/store-hours'
import { Button } from '@/web/ui/button'
import { TimeInput } from '@/web/ui/time-input'
import { FieldError } from '../../components/field'
import { type PathErrors, type RangeDraft, newRange, rangeError } from './opening-hours-draft'

/** A phone has ~125 px per time field: the 24-hour '08:00' fits with room to spare. */
const TIME_INPUT = 'px-2 tabular-nums sm:px-3'

type Props = {
  week: Record<Weekday, RangeDraft[]>
  errors: PathErrors
  onChange: (day: Weekday, ranges: RangeDraft[]) => void
  /** Gives every other day this day's ranges. */
  onCopyToOtherDays: (day: Weekday) => void
}

/** One row per weekday: none ('Cerrado'), one or several ranges (split shifts), each removable. */
export function WeekEditor({ week, errors, onChange, onCopyToOtherDays }: Props) {
  return (
    <div className="grid divide-y divide-border border-y border-border sm:rounded-lg sm:border">
      {WEEKDAYS.map((day) => (
        <DayRow key={day} day={day} ranges={week[day]} errors={errors} onChange={(ranges) => onChange(day, ranges)} onCopy={() => onCopyToOtherDays(day)} />
      ))}
    </div>
  )
}

type DayRowProps = { day: Weekday; ranges: RangeDraft[]; errors: PathErrors; onChange: (ranges: RangeDraft[]) => void; onCopy: () => void }

function DayRow({ day, ranges, errors, onChange, onCopy }: DayRowProps) {
  const label = WEEKDAY_LABELS[day]
  const labelId = `hours-${day}-label`
  const dayError = errors[`week.${day}`]
  const update = (id: number, patch: Partial<RangeDraft>) => onChange(ranges.map((r) => (r.id === id ? { ...r, ...patch } : r)))

  return (
    <div role="group" aria-labelledby={labelId} className="grid gap-2 py-3 sm:grid-cols-[7rem_1fr] sm:gap-4 sm:px-3">
      <span id={labelId} className="text-sm font-semibold sm:pt-2">
        {label}
      </span>
      <div className="grid gap-2">
        {ranges.length === 0 ? <p className="text-sm text-muted-foreground sm:pt-2">Cerrado</p> : null}
        {ranges.map((range, i) => {
          const n = i + 1
          const error = rangeError(errors, day, i)
          const message = error.open ?? error.close ?? error.range
          const errorId = `hours-${day}-${i}-error`
          const invalid = (own: string | undefined) => (own || error.range ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {})
          return (
            <div key={range.id} className="grid gap-1">
              <div className="grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)_auto] items-center gap-1.5 sm:max-w-md sm:gap-2">
                <TimeInput
                  className={TIME_INPUT}
                  aria-label={`${label}, horario ${n}: abre`}
                  value={range.open}
                  onValueChange={(open) => update(range.id, { open })}
                  {...invalid(error.open)}
                />
                <span aria-hidden="true" className="text-sm text-muted-foreground">
                  a
                </span>
                <TimeInput
                  className={TIME_INPUT}
                  aria-label={`${label}, horario ${n}: cierra`}
                  value={range.close}
                  onValueChange={(close) => update(range.id, { close })}
                  {...invalid(error.close)}
                />
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Quitar horario ${n} del ${label.toLowerCase()}`}
                  onClick={() => onChange(ranges.filter((r) => r.id !== range.id))}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
              {range.close && range.open && range.close < range.open ? (
                <p className="text-xs text-muted-foreground">Cierra al día siguiente</p>
              ) : null}
              <FieldError id={errorId} message={message} />
            </div>
          )
        })}
        {dayError ? <p className="text-sm font-medium text-destructive">{dayError}</p> : null}
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => onChange([...ranges, newRange(ranges)])} aria-label={`Agregar horario al ${label.toLowerCase()}`}>
            <Plus aria-hidden="true" />
            Agregar horario
          </Button>
          {/* Not from a closed day: one tap would close the whole week. */}
          {ranges.length > 0 ? (
            <Button variant="ghost" size="sm" onClick={onCopy} aria-label={`Copiar a los demás días el horario del ${label.toLowerCase()}`}>
              <Copy aria-hidden="true" />
              Copiar a los demás días
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  )
}
