import { Plus, Trash2 } from 'lucide-react'
import { CLOSED_NOTE_MAX } from '@/shared/schemas'
import { Button } from '@/web/ui/button'
import { Input } from '@/web/ui/input'
import { FieldError } from '../../components/field'
import { type ClosedDateDraft, type PathErrors, newId } from './opening-hours-draft'

type Props = { dates: ClosedDateDraft[]; errors: PathErrors; onChange: (dates: ClosedDateDraft[]) => void }

/** Holidays and other days without service, each with an optional note the storefront may show. */
export function ClosedDatesEditor({ dates, errors, onChange }: Props) {
  const update = (id: number, patch: Partial<ClosedDateDraft>) => onChange(dates.map((d) => (d.id === id ? { ...d, ...patch } : d)))
  return (
    <div className="grid gap-2">
      {dates.length === 0 ? <p className="text-sm text-muted-foreground">No hay días cerrados.</p> : null}
      {dates.map((entry, i) => {
        const n = i + 1
        const message = errors[`closedDates.${i}`] ?? errors[`closedDateNotes.${entry.date}`]
        const errorId = `closed-date-${i}-error`
        const described = message ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {}
        return (
          <div key={entry.id} className="grid gap-1">
            <div className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-2 sm:grid-cols-[11rem_minmax(0,1fr)_auto]">
              <Input type="date" aria-label={`Fecha cerrada ${n}`} value={entry.date} onChange={(e) => update(entry.id, { date: e.target.value })} {...described} />
              <Input
                aria-label={`Nota de la fecha ${n} (opcional)`}
                placeholder="Nota (opcional), p. ej. Navidad"
                maxLength={CLOSED_NOTE_MAX}
                value={entry.note}
                onChange={(e) => update(entry.id, { note: e.target.value })}
                className="col-start-1 row-start-2 sm:col-start-auto sm:row-start-auto"
              />
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Quitar fecha cerrada ${n}`}
                onClick={() => onChange(dates.filter((d) => d.id !== entry.id))}
                className="col-start-2 row-start-1 sm:col-start-auto sm:row-start-auto"
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
            <FieldError id={errorId} message={message} />
          </div>
        )
      })}
      <Button variant="outline" size="sm" className="w-fit" onClick={() => onChange([...dates, { id: newId(), date: '', note: '' }])}>
        <Plus aria-hidden="true" />
        Agregar fecha
      </Button>
    </div>
  )
}
