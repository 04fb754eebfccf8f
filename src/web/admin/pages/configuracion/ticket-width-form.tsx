import { Printer } from 'lucide-react'
import { useEffect, useId, useState, type FormEvent } from 'react'
import { DEFAULT_TICKET_WIDTH, TICKET_WIDTHS, type TicketWidth } from '@/shared/schemas'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/ui/card'
import { Choice, ChoiceInput } from '@/web/ui/choice'
import { Skeleton } from '@/web/ui/skeleton'
import { QueryError } from '../../components/query-state'
import { useSaveTicketWidth, useTicketWidth } from './use-ticket-width'
import { SaveButton } from '../../components/form/save-button'

// What each roll is, in the owner's words: the number alone does not say which printer it is.
const PAPER_HINTS: Record<TicketWidth, string> = {
  '58': 'Rollo angosto: impresoras pequeñas y portátiles',
  '80': 'Rollo estándar de las impresoras de cocina y caja',
}

/** Configuración → 'Ancho del ticket' (setting ticket_width): the paper the kitchen ticket is laid out for. */
export function TicketWidthForm() {
  const saved = useTicketWidth()
  const save = useSaveTicketWidth()
  const name = useId()
  const [value, setValue] = useState<TicketWidth>(DEFAULT_TICKET_WIDTH)

  useEffect(() => {
    if (saved.data) setValue(saved.data)
  }, [saved.data])

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    save.mutate(value)
  }

  return (
    <Card className="max-w-2xl">
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <Printer aria-hidden="true" className="size-5 text-primary" />
          Ancho del ticket
        </CardTitle>
        <CardDescription>El papel de la impresora térmica de la cocina. El botón “Imprimir” de Pedidos usa este ancho.</CardDescription>
      </CardHeader>
      <CardContent>
        {saved.isLoading ? (
          <Skeleton className="h-32" />
        ) : saved.isError ? (
          <QueryError error={saved.error} onRetry={() => void saved.refetch()} />
        ) : (
          <form onSubmit={onSubmit} className="grid gap-4">
            <fieldset className="grid gap-2 sm:grid-cols-2">
              <legend className="mb-2 text-sm font-medium">Ancho del papel</legend>
              {TICKET_WIDTHS.map((width) => (
                <Choice key={width}>
                  <ChoiceInput type="radio" name={name} value={width} checked={value === width} onChange={() => setValue(width)} />
                  <span className="grid gap-0.5">
                    <span className="font-semibold">{width} mm</span>
                    <span className="text-xs text-muted-foreground">{PAPER_HINTS[width]}</span>
                  </span>
                </Choice>
              ))}
            </fieldset>
            <SaveButton saving={save.isPending} />
          </form>
        )}
      </CardContent>
    </Card>
  )
}
