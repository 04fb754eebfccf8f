import { zoneInputSchema, type CoverageZone, type ZoneData } from '@/shared/schemas'
import { NumberField, SwitchField, TextField } from '../../components/form/fields'
import { Form } from '../../components/form/form'
import { DialogFormFooter, type SaveProps } from '../../components/form/resource-dialog'
import { numberText, useSchemaForm } from '../../components/form/use-schema-form'

type Props = SaveProps<ZoneData> & { zone: CoverageZone | null }

/** Zone fields, validated with the shared zoneInputSchema. */
export function ZoneForm({ zone, saving, onSubmit }: Props) {
  const form = useSchemaForm(zoneInputSchema, {
    name: zone?.name ?? '',
    deliveryCost: numberText(zone?.deliveryCost),
    minimumOrder: numberText(zone?.minimumOrder),
    estimatedTime: zone?.estimatedTime ?? '',
    available: zone?.available ?? true,
  })
  const { control } = form

  return (
    <Form form={form} onSubmit={onSubmit}>
      <TextField control={control} name="name" id="zone-name" label="Nombre de la zona" placeholder="Zona 10" />
      <NumberField control={control} name="deliveryCost" id="zone-cost" label="Costo de envío (Q)" placeholder="0" />
      <NumberField
        control={control}
        name="minimumOrder"
        id="zone-minimum"
        label="Pedido mínimo (Q, opcional)"
        hint="Subtotal mínimo, sin el costo de envío, para entregar en esta zona. Vacío: sin mínimo."
        placeholder="Sin mínimo"
      />
      <TextField control={control} name="estimatedTime" id="zone-time" label="Tiempo estimado (opcional)" placeholder="30-45 min" />
      <SwitchField control={control} name="available" id="zone-available" on="Activa" off="Inactiva" />
      <DialogFormFooter saving={saving} editing={zone !== null} />
    </Form>
  )
}
