/**
 * 'Horario de servicio': the hours a category or a dish is served (issue #31), as a list of
 * ranges, each on the days it starts (domingo to sábado), in 24-hour time as the slots read
 * (TimeInput: the same on every device). Controlled: the Categorías dialog and the product
 * form keep the list; `errors` are their schema's messages by path ("windows.0.from").
 */
import { Plus, Trash2 } from 'lucide-react'
import { DAY_SHORT, type ServiceWindow } from '@/shared/service-windows'
import { Button } from '@/web/ui/button'
import { Label } from '@/web/ui/label'
import { TimeInput } from '@/web/ui/time-input'

/** A new range: every day, breakfast hours (the example the owner most often needs). */
export const NEW_WINDOW: ServiceWindow = { days: [0, 1, 2, 3, 4, 5, 6], from: '07:00', to: '11:00' }

type Props = {
  id: string
  windows: ServiceWindow[]
  onChange: (windows: ServiceWindow[]) => void
  errors?: Record<string, string>
  /** What an empty list means where the editor is used. */
  emptyText: string
}

export function ServiceWindowsEditor({ id, windows, onChange, errors = {}, emptyText }: Props) {
  const setWindow = (i: number, change: Partial<ServiceWindow>) => onChange(windows.map((w, j) => (j === i ? { ...w, ...change } : w)))
  const toggleDay = (i: number, day: number) =>
    onChange(windows.map((w, j) => (j === i ? { ...w, days: w.days.includes(day) ? w.days.filter((d) => d !== day) : [...w.days, day].sort((a, b) => a - b) } : w)))

  return (
    <div className="grid gap-3">
      {windows.length === 0 && <p className="text-sm text-muted-foreground">{emptyText}</p>}
      {windows.map((w, i) => (
        <div key={i} className="grid gap-2 rounded-lg border border-border p-3" data-testid="service-window">
          <div className="flex flex-wrap gap-1" role="group" aria-label={`Días del horario ${i + 1}`}>
            {DAY_SHORT.map((label, day) => (
              // A chosen day reads as chosen (filled), not only by a thin border.
              <label
                key={label}
                className="flex min-h-9 max-sm:min-h-11 max-sm:min-w-11 justify-center cursor-pointer items-center rounded-md border border-input px-2.5 text-xs font-semibold text-muted-foreground has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-primary-foreground has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
              >
                <input type="checkbox" className="sr-only" checked={w.days.includes(day)} onChange={() => toggleDay(i, day)} />
                {label}
              </label>
            ))}
          </div>
          <div className="flex flex-wrap items-end gap-2">
            <div className="grid gap-1">
              <Label htmlFor={`${id}-${i}-from`}>Desde</Label>
              <TimeInput id={`${id}-${i}-from`} value={w.from} onValueChange={(from) => setWindow(i, { from })} className="w-24" />
            </div>
            <div className="grid gap-1">
              <Label htmlFor={`${id}-${i}-to`}>Hasta</Label>
              <TimeInput id={`${id}-${i}-to`} value={w.to} onValueChange={(to) => setWindow(i, { to })} className="w-24" />
            </div>
            <Button type="button" variant="ghost" size="icon" aria-label={`Quitar horario ${i + 1}`} onClick={() => onChange(windows.filter((_, j) => j !== i))}>
              <Trash2 aria-hidden="true" />
            </Button>
          </div>
          {Object.entries(errors)
            .filter(([path]) => path.startsWith(`windows.${i}`))
            .map(([path, message]) => (
              <p key={path} className="text-sm text-destructive">{message}</p>
            ))}
        </div>
      ))}
      <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => onChange([...windows, NEW_WINDOW])}>
        <Plus aria-hidden="true" />
        Agregar horario
      </Button>
    </div>
  )
}
