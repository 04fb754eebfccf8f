import { useId } from 'react'
import {
  CHECKOUT_TEXT_LIMITS,
  chosenZone,
  minimumOrderShortfall,
  PAYMENT_LABELS,
  PAYMENT_METHODS,
  type CheckoutDetails,
  type CheckoutProblem,
  type DeliveryZone,
} from '../../../shared/checkout'
import { formatQ } from '../../../shared/money'
import { Choice, ChoiceInput } from '../../ui/choice'
import { Input } from '../../ui/input'
import { Label } from '../../ui/label'
import { Textarea } from '../../ui/textarea'
import type { PickupPlace } from '../../../shared/store-profile'
import { PickupPlaceLine } from './pickup-place'

type Props = {
  details: CheckoutDetails
  zones: readonly DeliveryZone[]
  /** Sum of the lines (a zone's minimum order is checked on it). */
  subtotal: number
  /** Shown only after the customer tried to send (inline, next to the field). */
  problems: CheckoutProblem[]
  /** The cart's code is limited per phone: the WhatsApp is required to get it (issue 40). */
  phoneForCode?: boolean
  onChange: (change: Partial<CheckoutDetails>) => void
  /** Where a pickup order is picked up ('Tu restaurante'), said under the choice. */
  pickup?: PickupPlace | null
}

const heading = 'mb-2 font-bold'
const optional = <span className="font-normal text-muted-foreground"> (opcional)</span>

/** The order's details in 'Tu Pedido': how it gets to the customer, who they are, how they pay. */
export function CheckoutForm({ details, zones, subtotal, problems, phoneForCode = false, onChange, pickup = null }: Props) {
  const id = useId()
  const problem = (path: CheckoutProblem['path']) => problems.find((p) => p.path === path)?.message
  const delivery = details.fulfilment === 'delivery' && zones.length > 0
  const chosen = chosenZone(details, zones)
  // Said at once, not only after a tap on 'Ordenar': the customer can add something or pick it up.
  const belowMinimum = chosen && minimumOrderShortfall(chosen, subtotal)
  const zoneError = belowMinimum || problem('zoneId')
  const addressError = problem('address')
  const cashError = problem('cashAmount')
  const phoneError = problem('customerPhone')

  return (
    <div className="flex flex-col gap-5 py-4" data-testid="checkout-form">
      <fieldset>
        <legend className={heading}>¿Cómo lo quieres?</legend>
        <div className="grid grid-cols-2 gap-2">
          <Choice>
            <ChoiceInput type="radio" name={`${id}-fulfilment`} checked={!delivery} onChange={() => onChange({ fulfilment: 'pickup' })} />
            <span className="text-sm font-semibold">Recoger en el local</span>
          </Choice>
          {zones.length > 0 && (
            <Choice>
              <ChoiceInput type="radio" name={`${id}-fulfilment`} checked={delivery} onChange={() => onChange({ fulfilment: 'delivery' })} />
              <span className="text-sm font-semibold">A domicilio</span>
            </Choice>
          )}
        </div>
        {!delivery && pickup && <PickupPlaceLine place={pickup} className="mt-2 text-sm" />}
      </fieldset>

      {delivery && (
        <>
          <fieldset aria-describedby={zoneError ? `${id}-zone-error` : undefined}>
            <legend className={heading}>Zona de entrega</legend>
            <div className="flex flex-col gap-2">
              {zones.map((zone) => (
                <Choice key={zone.id}>
                  <ChoiceInput
                    type="radio"
                    name={`${id}-zone`}
                    checked={details.zoneId === zone.id}
                    onChange={() => onChange({ zoneId: zone.id })}
                    aria-invalid={zoneError ? true : undefined}
                  />
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="font-semibold">{zone.name}</span>
                    <span className="text-sm text-muted-foreground">
                      {`Costo de envío ${formatQ(zone.deliveryCost)}`}
                      {zone.estimatedTime && ` · Tiempo estimado ${zone.estimatedTime}`}
                      {zone.minimumOrder != null && ` · Pedido mínimo ${formatQ(zone.minimumOrder)}`}
                    </span>
                  </span>
                </Choice>
              ))}
            </div>
            {zoneError && <FieldError id={`${id}-zone-error`}>{zoneError}</FieldError>}
          </fieldset>

          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-address`}>Dirección de entrega</Label>
            <Input
              id={`${id}-address`}
              value={details.address}
              onChange={(e) => onChange({ address: e.target.value })}
              maxLength={CHECKOUT_TEXT_LIMITS.address}
              autoComplete="street-address"
              placeholder="Calle, número, zona, edificio"
              aria-invalid={addressError ? true : undefined}
              aria-describedby={addressError ? `${id}-address-error` : undefined}
            />
            {addressError && <FieldError id={`${id}-address-error`}>{addressError}</FieldError>}
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-reference`}>Referencia{optional}</Label>
            <Input
              id={`${id}-reference`}
              value={details.addressReference}
              onChange={(e) => onChange({ addressReference: e.target.value })}
              maxLength={CHECKOUT_TEXT_LIMITS.addressReference}
              placeholder="Portón negro, frente al parque…"
            />
          </div>
        </>
      )}

      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-name`}>Nombre{optional}</Label>
        <Input
          id={`${id}-name`}
          value={details.customerName}
          onChange={(e) => onChange({ customerName: e.target.value })}
          maxLength={CHECKOUT_TEXT_LIMITS.customerName}
          autoComplete="name"
        />
      </div>

      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-phone`}>
          Tu WhatsApp (para avisarte)
          {phoneForCode ? <span className="font-semibold text-primary" data-testid="phone-for-code"> (obligatorio para usar este código)</span> : optional}
        </Label>
        <Input
          id={`${id}-phone`}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="p. ej. 5555 1234"
          value={details.customerPhone}
          onChange={(e) => onChange({ customerPhone: e.target.value.slice(0, 30) })}
          aria-required={phoneForCode || undefined}
          aria-invalid={phoneError ? true : undefined}
          aria-describedby={`${id}-phone-hint${phoneError ? ` ${id}-phone-error` : ''}`}
        />
        <p id={`${id}-phone-hint`} className="text-xs text-muted-foreground">Te escribimos cuando tu pedido esté listo.</p>
        {phoneError && <FieldError id={`${id}-phone-error`}>{phoneError}</FieldError>}
      </div>

      <fieldset>
        <legend className={heading}>Forma de pago</legend>
        <div className="grid grid-cols-3 gap-2">
          {PAYMENT_METHODS.map((method) => (
            // A segmented choice: the native radio stays (keyboard, screen readers) but is drawn by its card.
            <Choice key={method} className="justify-center px-1 text-center">
              <ChoiceInput type="radio" name={`${id}-payment`} checked={details.payment === method} onChange={() => onChange({ payment: method })} className="sr-only" />
              <span className="text-sm font-semibold">{PAYMENT_LABELS[method]}</span>
            </Choice>
          ))}
        </div>
      </fieldset>

      {details.payment === 'efectivo' && (
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-cash`}>¿Con cuánto pagas?{optional}</Label>
          <Input
            id={`${id}-cash`}
            inputMode="numeric"
            pattern="[0-9]*"
            placeholder="Para llevarte el cambio, p. ej. 200"
            value={details.cashAmount ?? ''}
            onChange={(e) => {
              const digits = e.target.value.replace(/\D/g, '').slice(0, 7)
              onChange({ cashAmount: digits === '' ? null : Number(digits) })
            }}
            aria-invalid={cashError ? true : undefined}
            aria-describedby={cashError ? `${id}-cash-error` : undefined}
          />
          {cashError && <FieldError id={`${id}-cash-error`}>{cashError}</FieldError>}
        </div>
      )}

      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-notes`}>Notas para la cocina{optional}</Label>
        <Textarea
          id={`${id}-notes`}
          value={details.notes}
          onChange={(e) => onChange({ notes: e.target.value })}
          maxLength={CHECKOUT_TEXT_LIMITS.notes}
          rows={2}
          placeholder="Sin picante, bien doradito…"
        />
      </div>
    </div>
  )
}

function FieldError({ id, children }: { id: string; children: string }) {
  return (
    <p id={id} className="mt-1 text-sm font-medium text-destructive" data-testid="field-error">
      {children}
    </p>
  )
}
