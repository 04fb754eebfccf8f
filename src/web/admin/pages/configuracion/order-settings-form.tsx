import { CalendarClock } from 'lucide-react'
import { useEffect } from 'react'
import { SLOT_LENGTHS } from '@/shared/order-slots'
import { type OrderSettings, orderSettingsInputSchema } from '@/shared/schemas'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/ui/card'
import { Skeleton } from '@/web/ui/skeleton'
import { NumberField, SelectField, SwitchField } from '../../components/form/fields'
import { Form } from '../../components/form/form'
import { numberText, useSchemaForm } from '../../components/form/use-schema-form'
import { QueryError } from '../../components/query-state'
import { useOrderSettings, useSaveOrderSettings } from './use-order-settings'
import { SaveButton } from '../../components/form/save-button'

const SLOT_OPTIONS = SLOT_LENGTHS.map(String) as `${(typeof SLOT_LENGTHS)[number]}`[]
const SLOT_LABELS = Object.fromEntries(SLOT_OPTIONS.map((m) => [m, `Cada ${m} minutos`])) as Record<(typeof SLOT_OPTIONS)[number], string>

const valuesOf = (s: OrderSettings) => ({
  preparationMinutes: numberText(s.preparationMinutes),
  scheduling: {
    enabled: s.scheduling.enabled,
    daysAhead: numberText(s.scheduling.daysAhead),
    slotMinutes: String(s.scheduling.slotMinutes) as (typeof SLOT_OPTIONS)[number],
    maxOrdersPerSlot: numberText(s.scheduling.maxOrdersPerSlot),
  },
})

/** Configuración → 'Pedidos programados': the preparation time and orders for later (decision 024). */
export function OrderSettingsCard() {
  const settings = useOrderSettings()
  return (
    <Card className="max-w-2xl">
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <CalendarClock aria-hidden="true" className="size-5 text-primary" />
          Pedidos programados
        </CardTitle>
        <CardDescription>
          Cuánto tarda un pedido y si los clientes pueden elegir día y hora, también cuando está cerrado.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isLoading ? (
          <Skeleton className="h-48" />
        ) : settings.isError ? (
          <QueryError error={settings.error} onRetry={() => void settings.refetch()} />
        ) : settings.data ? (
          <OrderSettingsForm settings={settings.data} />
        ) : null}
      </CardContent>
    </Card>
  )
}

function OrderSettingsForm({ settings }: { settings: OrderSettings }) {
  const save = useSaveOrderSettings()
  const form = useSchemaForm(orderSettingsInputSchema, valuesOf(settings))
  const { control, reset } = form
  useEffect(() => reset(valuesOf(settings)), [settings, reset])
  const enabled = form.watch('scheduling.enabled')

  return (
    <Form form={form} onSubmit={(data) => save.mutate(data)}>
      <NumberField
        control={control}
        name="preparationMinutes"
        id="preparation-minutes"
        label="Tiempo de preparación (minutos)"
        hint="De 5 a 180. La tienda dice “Listo en unos N min” y no ofrece horarios antes de ahora + este tiempo."
        min={5}
        max={180}
      />
      <SwitchField
        control={control}
        name="scheduling.enabled"
        id="scheduling-enabled"
        on="Pedidos programados activados"
        off="Pedidos programados desactivados"
        hint="Los clientes eligen “Programar”, un día y una hora disponible."
      />
      {enabled && (
        <div className="grid gap-4 sm:grid-cols-3">
          <NumberField control={control} name="scheduling.daysAhead" id="days-ahead" label="Días de anticipación" hint="0: solo hoy. Máximo 14." min={0} max={14} />
          <SelectField control={control} name="scheduling.slotMinutes" id="slot-minutes" label="Horarios" options={SLOT_OPTIONS} labels={SLOT_LABELS} />
          <NumberField
            control={control}
            name="scheduling.maxOrdersPerSlot"
            id="max-orders"
            label="Pedidos por horario"
            hint="Vacío: sin límite."
            placeholder="Sin límite"
            min={1}
          />
        </div>
      )}
      <SaveButton saving={save.isPending} />
    </Form>
  )
}
