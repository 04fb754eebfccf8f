import { Clock } from 'lucide-react'
import { type FormEvent, type ReactNode, useState } from 'react'
import { type OpeningHoursView, openingHoursInputSchema } from '@/shared/schemas'
import { storeStatus } from '@/shared/store-hours'
import { Badge } from '@/web/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/ui/card'
import { Skeleton } from '@/web/ui/skeleton'
import { Switch } from '@/web/ui/switch'
import { hintId } from '../../components/field'
import { QueryError } from '../../components/query-state'
import { ClosedDatesEditor } from './closed-dates-editor'
import { type HoursDraft, bodyFrom, copyToOtherDays, draftFrom, pathErrors } from './opening-hours-draft'
import { PauseEditor } from './pause-editor'
import { useOpeningHours, useSaveOpeningHours } from './use-opening-hours'
import { WeekEditor } from './week-editor'
import { SaveButton } from '../../components/form/save-button'

/** 'Horario de atención': weekly schedule, closed dates and the pause (PUT /api/opening-hours). */
export function OpeningHoursCard() {
  const saved = useOpeningHours()
  return (
    <Card className="max-w-2xl">
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <Clock aria-hidden="true" className="size-5 text-primary" />
          Horario de atención
        </CardTitle>
        <CardDescription>Fuera de este horario, en días cerrados o en pausa, la tienda en línea no acepta pedidos. Hora de Guatemala.</CardDescription>
        {saved.data ? <CurrentStatus hours={saved.data} /> : null}
      </CardHeader>
      <CardContent>
        {saved.isLoading ? (
          <Skeleton className="h-64" />
        ) : saved.isError ? (
          <QueryError error={saved.error} onRetry={() => void saved.refetch()} />
        ) : saved.data ? (
          // A save answers the stored document; the form restarts from it (sorted dates, dropped blanks).
          <OpeningHoursForm key={saved.data.updatedAt ?? 'never'} initial={saved.data} />
        ) : null}
      </CardContent>
    </Card>
  )
}

/** What a customer sees right now with the saved hours (the same rule as the storefront and the checkout). */
function CurrentStatus({ hours }: { hours: OpeningHoursView }) {
  const status = storeStatus(hours, new Date())
  return (
    <p className="flex flex-wrap items-center gap-2 pt-1 text-sm">
      <span className="text-muted-foreground">Ahora en la tienda:</span>
      <Badge variant={status.open ? 'success' : status.state === 'paused' ? 'secondary' : 'muted'}>{status.message}</Badge>
    </p>
  )
}

function Section({ title, hint, children }: { title: string; hint?: ReactNode; children: ReactNode }) {
  const id = `section-${title.replace(/\W+/g, '-').toLowerCase()}`
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <div className="grid gap-0.5">
        <h3 id={id} className="font-semibold">
          {title}
        </h3>
        {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      </div>
      {children}
    </section>
  )
}

export function OpeningHoursForm({ initial }: { initial: OpeningHoursView }) {
  const [draft, setDraft] = useState<HoursDraft>(() => draftFrom(initial))
  const [revealed, setRevealed] = useState(false)
  const save = useSaveOpeningHours()
  const body = bodyFrom(draft)
  const result = openingHoursInputSchema.safeParse(body)
  const errors = revealed && !result.success ? pathErrors(result.error) : {}
  const patch = (p: Partial<HoursDraft>) => setDraft((d) => ({ ...d, ...p }))

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!result.success) {
      setRevealed(true)
      return
    }
    save.mutate(body)
  }

  return (
    <form onSubmit={submit} className="grid gap-8" noValidate aria-label="Horario de atención">
      <Section title="Pausa">
        <PauseEditor paused={draft.paused} pauseMessage={draft.pauseMessage} pausedUntil={draft.pausedUntil} errors={errors} onChange={patch} />
      </Section>

      <Section title="Horario semanal" hint="Varios horarios por día para turnos partidos. Si la hora de cierre es menor que la de apertura, cierra al día siguiente.">
        <div className="flex items-start gap-3">
          <Switch
            id="hours-scheduled"
            checked={draft.scheduled}
            onCheckedChange={(on) => patch({ scheduled: on })}
            aria-labelledby="hours-scheduled-label"
            aria-describedby={hintId('hours-scheduled')}
          />
          <div className="grid gap-0.5">
            <span id="hours-scheduled-label" className="text-sm font-medium">
              Atender con horario
            </span>
            <p id={hintId('hours-scheduled')} className="text-xs text-muted-foreground">
              {draft.scheduled ? 'Solo se aceptan pedidos dentro de estos horarios.' : 'Sin horario: la tienda acepta pedidos a cualquier hora.'}
            </p>
          </div>
        </div>
        {draft.scheduled ? (
          <WeekEditor
            week={draft.week}
            errors={errors}
            onChange={(day, ranges) => setDraft((d) => ({ ...d, week: { ...d.week, [day]: ranges } }))}
            onCopyToOtherDays={(day) => setDraft((d) => ({ ...d, week: copyToOtherDays(d.week, day) }))}
          />
        ) : null}
      </Section>

      <Section title="Días cerrados" hint="Feriados y días sin servicio. El turno de la noche anterior que pasa de la medianoche se respeta.">
        <ClosedDatesEditor dates={draft.closedDates} errors={errors} onChange={(closedDates) => patch({ closedDates })} />
      </Section>

      <div className="grid gap-2">
        {revealed && !result.success ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            Revisa los campos marcados.
          </p>
        ) : null}
        <SaveButton saving={save.isPending}>Guardar horario</SaveButton>
      </div>
    </form>
  )
}
