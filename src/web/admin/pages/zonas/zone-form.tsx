import { useState, type FormEvent } from 'react'
import { zoneInputSchema, type CoverageZone, type ZoneData } from '@/shared/schemas'
import { Button } from '@/web/ui/button'
import { DialogClose, DialogFooter } from '@/web/ui/dialog'
import { Input } from '@/web/ui/input'
import { Switch } from '@/web/ui/switch'
import { Field, hintId, invalidProps } from '../../components/field'
import { useValidation } from '../../lib/use-validation'

type Props = {
  zone: CoverageZone | null
  saving: boolean
  onSubmit: (data: ZoneData) => void
}

/** Zone fields, validated with the shared zoneInputSchema. */
export function ZoneForm({ zone, saving, onSubmit }: Props) {
  const [name, setName] = useState(zone?.name ?? '')
  const [deliveryCost, setDeliveryCost] = useState(zone ? String(zone.deliveryCost) : '')
  const [estimatedTime, setEstimatedTime] = useState(zone?.estimatedTime ?? '')
  const [available, setAvailable] = useState(zone?.available ?? true)
  const [minimumOrder, setMinimumOrder] = useState(zone?.minimumOrder == null ? '' : String(zone.minimumOrder))
  const { errors, check } = useValidation(zoneInputSchema, { name, deliveryCost, estimatedTime, available, minimumOrder })

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const data = check()
    if (data) onSubmit(data)
  }

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <Field id="zone-name" label="Nombre de la zona" error={errors.name}>
        <Input id="zone-name" value={name} onChange={(e) => setName(e.target.value)} placeholder="Zona 10" {...invalidProps('zone-name', errors.name)} />
      </Field>
      <Field id="zone-cost" label="Costo de envío (Q)" error={errors.deliveryCost}>
        <Input
          id="zone-cost"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={deliveryCost}
          onChange={(e) => setDeliveryCost(e.target.value)}
          placeholder="0"
          {...invalidProps('zone-cost', errors.deliveryCost)}
        />
      </Field>
      <Field
        id="zone-minimum"
        label="Pedido mínimo (Q, opcional)"
        hint="Subtotal mínimo, sin el costo de envío, para entregar en esta zona. Vacío: sin mínimo."
        error={errors.minimumOrder}
      >
        <Input
          id="zone-minimum"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          value={minimumOrder}
          onChange={(e) => setMinimumOrder(e.target.value)}
          placeholder="Sin mínimo"
          aria-describedby={errors.minimumOrder ? undefined : hintId('zone-minimum')}
          {...invalidProps('zone-minimum', errors.minimumOrder)}
        />
      </Field>
      <Field id="zone-time" label="Tiempo estimado (opcional)" error={errors.estimatedTime}>
        <Input
          id="zone-time"
          value={estimatedTime}
          onChange={(e) => setEstimatedTime(e.target.value)}
          placeholder="30-45 min"
          {...invalidProps('zone-time', errors.estimatedTime)}
        />
      </Field>
      <div className="flex items-center gap-3">
        <Switch id="zone-available" checked={available} onCheckedChange={setAvailable} aria-labelledby="zone-available-label" />
        <span id="zone-available-label" className="text-sm font-medium">
          {available ? 'Activa' : 'Inactiva'}
        </span>
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancelar</Button>
        </DialogClose>
        <Button type="submit" disabled={saving}>
          {saving ? 'Guardando...' : zone ? 'Actualizar' : 'Crear'}
        </Button>
      </DialogFooter>
    </form>
  )
}
