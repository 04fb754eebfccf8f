import { CheckCircle2, ShoppingBag, Trash2 } from 'lucide-react'
import { useCallback, useEffect, useId, useState } from 'react'
import { type Cart, cartTotal, lineKey, type CartItem } from '../../../shared/cart'
import { CHECKOUT_TEXT_LIMITS, checkoutProblems, chosenZone, type CheckoutDetails, type CheckoutProblem, type DeliveryZone, minimumOrderShortfall } from '../../../shared/checkout'
import { TABLE_REFUSED, type TableVisit } from '../../../shared/dining-table'
import { Input } from '../../ui/input'
import { Label } from '../../ui/label'
import { Textarea } from '../../ui/textarea'
import { tableVisitActions } from '../table-visit'
import type { OrderSettings } from '../../../shared/order-slots'
import type { OpeningHours, StoreStatus } from '../../../shared/store-hours'
import { Button, buttonVariants } from '../../ui/button'
import { cn } from '../../ui/cn'
import { Sheet, SheetContent, SheetDescription, SheetFooter, SheetHeader, SheetTitle } from '../../ui/sheet'
import { optionsReason, portionsReason, unavailableReason } from '../cart-availability'
import { refreshRemaining, useRemaining } from '../remaining-store'
import { cartActions, useCart } from '../cart-store'
import { checkoutDetailsActions, useCheckoutDetails } from '../checkout-details-store'
import { rememberOrder } from '../recent-orders-store'
import { useIngredients } from '../ingredients'
import { useOptionGroups } from '../option-groups'
import type { StoreProduct } from '../../../shared/landing-data'
import { placeOrder } from '../place-order'
import { cartFigures, codeState, codeToSend } from '../cart-figures'
import { promoCodeActions, usePromoCode } from '../promo-code-store'
import { refreshMenu } from '../live-menu'
import { useCheckoutQuote } from '../use-checkout-quote'
import { pickupPlace, type StoreProfile } from '../../../shared/store-profile'
import { CartTotals } from './cart-totals'
import { CheckoutForm } from './checkout-form'
import { cartLineDetails, cartLineName, LineRow } from './line-row'
import { PromoCodeField } from './promo-code-field'
import { WhenPicker } from './when-picker'

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  zones: readonly DeliveryZone[]
  whatsappNumber: string
  /** The menu as the page knows it: a line whose product is sold out or gone is flagged. */
  menu: readonly StoreProduct[] | null
  /** Closed or paused: the cart still works; sending waits, or the order is scheduled for later. */
  status: StoreStatus
  /** The opening hours and the order settings: '¿Cuándo?' (when-picker.tsx). */
  hours: OpeningHours | null
  orderSettings: OrderSettings
  /** The restaurant's address and map link ('Tu restaurante'): where a pickup order is picked up, under the pickup choice and in the chat text. */
  profile?: Pick<StoreProfile, 'address' | 'mapUrl'>
  /** The table the page is for (issue #45): its name shows, no phone, address, fee or time is asked. */
  table?: TableVisit | null
}

/** The order just sent: its number and tracking page when the server recorded it. */
type Sent = { number: number | null; link: string; trackingUrl: string | null; table: string | null }

export function CartSheet({ open, onOpenChange, zones, whatsappNumber, menu, status, hours, orderSettings, profile, table = null }: Props) {
  const pickup = profile ? pickupPlace(profile) : null
  const cart = useCart()
  const typed = useCheckoutDetails()
  // At a table the order is served there: what the customer typed for a delivery stays kept, unused.
  const details = table ? atTable(typed) : typed
  // Sauces and extras switched off since a plate was added: the public lists leave them out.
  const ingredients = useIngredients(open && cart.some((line) => line.customization))
  // Options switched off since a line was added, or groups a product gained (issue #32).
  const hasGroups = (line: CartItem) => (line.options?.length ?? 0) > 0 || (menu?.find((p) => p.id === line.product.id)?.optionGroupIds?.length ?? 0) > 0
  const optionGroups = useOptionGroups(open && cart.some(hasGroups))
  const remaining = useRemaining()
  const reasons = new Map(
    cart.map((line) => [
      lineKey(line),
      unavailableReason(line, menu, ingredients.status === 'ready' ? ingredients.data : null) ??
        optionsReason(line, menu, optionGroups.status === 'ready' ? optionGroups.data : null) ??
        portionsReason(line, cart, remaining),
    ]),
  )
  const blockedLines = [...reasons.values()].filter(Boolean).length
  const [attempted, setAttempted] = useState(false)
  const [sending, setSending] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)
  const [sent, setSent] = useState<Sent | null>(null)
  const emptied = useUndoableEmpty()

  const zone = chosenZone(details, zones)
  // The server's figures for this very cart (issue #33), the device's until they arrive.
  const code = usePromoCode()
  const [requote, setRequote] = useState(0)
  // '¿Cuándo?': 'Programar' with its time sends while closed; 'Programar' still waiting for a time sends nothing.
  const [later, setLater] = useState(false)
  const scheduled = later && details.scheduledFor !== null
  const closedNow = !status.open && !scheduled
  const waitingForTime = later && details.scheduledFor === null
  const blocked = closedNow || waitingForTime || blockedLines > 0
  // Not asked while the sheet already says why the order cannot go (closed, a line sold out, below
  // the zone's minimum): the server would only refuse it again, and each refusal is a console error.
  const belowMinimum = zone !== null && minimumOrderShortfall(zone, cartTotal(cart)) !== null
  const quoting = open && !sent && cart.length > 0 && !blocked && !belowMinimum
  const { quote, pending, discounted, codeNeedsPhone } = useCheckoutQuote({ cart, details, code, enabled: quoting, nonce: requote })
  const figures = cartFigures(cart, zone?.deliveryCost ?? 0, quote)
  const { subtotal } = figures
  const discount = figures.discounts.reduce((sum, d) => sum + d.amount, 0)
  const codeNow = codeState(code, quote, pending)
  const problems: CheckoutProblem[] = attempted ? checkoutProblems(details, zones, subtotal, discount) : []
  const onWhen = useCallback((when: { later: boolean; scheduledFor: string | null }) => {
    setLater(when.later)
    checkoutDetailsActions.update({ scheduledFor: when.scheduledFor })
  }, [])

  const onOpen = (next: boolean) => {
    if (!next) {
      emptied.forget()
      setSent(null)
      setRefusal(null)
      setAttempted(false)
    }
    onOpenChange(next)
  }

  const send = () => {
    setAttempted(true)
    setRefusal(null)
    if (sending || blocked) return
    if (checkoutProblems(details, zones, subtotal, discount).length > 0) {
      // Take the customer to the first field to fix (scrolls it into view on a phone).
      requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-testid="checkout-form"] [aria-invalid="true"]')?.focus())
      return
    }
    setSending(true)
    void placeOrder({ cart, details, zones, whatsappNumber, promoCode: codeToSend(codeNow), discounts: figures.discounts, pickup, table }).then((outcome) => {
      setSending(false)
      // What is left changed (a refusal for portions, or this order's own units): ask again.
      if (remaining) refreshRemaining()
      if (outcome.kind === 'refused') {
        setRequote((n) => n + 1) // the menu or a code's uses changed under the cart: its figures too
        refreshMenu() // and the page's menu: a dish hidden or sold out since is flagged on its line
        if (table && outcome.message === TABLE_REFUSED) tableVisitActions.forget() // renewed or deactivated: the page is the plain store again
        return setRefusal(outcome.message)
      }
      if (outcome.kind === 'recorded') {
        rememberOrder(outcome.order) // 'Tus pedidos', on this device
        cartActions.clear()
        promoCodeActions.clear() // kept like the cart, and gone with it
        checkoutDetailsActions.orderPlaced()
      }
      setAttempted(false)
      const recorded = outcome.kind === 'recorded' ? outcome.order : null
      setSent({ number: recorded?.number ?? null, link: outcome.link, trackingUrl: recorded?.trackingUrl ?? null, table: table?.name ?? null })
    })
  }

  return (
    <Sheet open={open} onOpenChange={onOpen}>
      <SheetContent side="right" className="gap-0" data-testid="cart-sheet">
        <SheetHeader className="border-b border-border">
          <SheetTitle className="font-display text-2xl">Tu Pedido</SheetTitle>
          <SheetDescription>
            {sent ? '¡Gracias por tu pedido!' : cart.length === 0 ? 'Revisa tu pedido antes de enviarlo.' : table ? 'Revisa tu pedido y envíalo a la cocina.' : 'Revisa tu pedido y envíalo por WhatsApp.'}
          </SheetDescription>
          {table && (
            <p className="w-fit rounded-full bg-secondary px-3 py-1 text-sm font-bold text-secondary-foreground" data-testid="cart-table">
              {table.name} · te lo llevamos a la mesa
            </p>
          )}
        </SheetHeader>

        {sent ? (
          <OrderSent sent={sent} onDone={() => onOpen(false)} />
        ) : cart.length === 0 ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
            <ShoppingBag aria-hidden="true" className="size-14 text-input" />
            <p className="text-lg font-bold">Tu carrito está vacío</p>
            <p className="text-muted-foreground">Agrega algunos chilaquiles para comenzar</p>
            {emptied.previous && (
              <p role="status" className="mt-2 flex items-center gap-2 rounded-md bg-muted px-3 py-1 text-sm" data-testid="cart-emptied">
                Vaciaste tu carrito.
                <Button variant="link" className="h-11 px-1 font-bold" onClick={emptied.undo}>Deshacer</Button>
              </p>
            )}
            <Button variant="outline" className="mt-2" onClick={() => onOpen(false)}>Ver el menú</Button>
          </div>
        ) : (
          <>
            <div className="flex-1 overflow-y-auto px-5">
              <ul className="divide-y divide-border border-b border-border" aria-label="Productos en tu pedido">
                {cart.map((line, i) => (
                  <CartLine key={lineKey(line)} line={line} figures={figures.lines[i] ?? null} unavailable={reasons.get(lineKey(line)) ?? null} />
                ))}
              </ul>
              <PromoCodeField state={codeNow} onApply={promoCodeActions.set} onRemove={promoCodeActions.clear} />
              {table ? (
                <TableDetails details={details} onChange={checkoutDetailsActions.update} />
              ) : (
                <>
                  <WhenPicker settings={orderSettings} hours={hours} status={status} zone={zone} scheduledFor={details.scheduledFor} productIds={cart.map((line) => line.product.id)} onChange={onWhen} />
                  <CheckoutForm details={details} zones={zones} subtotal={subtotal} problems={problems} phoneForCode={codeNeedsPhone && codeNow.kind !== 'none'} onChange={checkoutDetailsActions.update} pickup={pickup} />
                </>
              )}
            </div>
            <SheetFooter className="gap-2 border-t border-border bg-card">
              {/* Dimmed while asking only when a discount may come or go: a plain cart's sum is already right. */}
              <CartTotals figures={figures} busy={pending && (code !== null || discounted)} />
              {refusal && (
                <p role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive" data-testid="checkout-refusal">
                  {refusal}
                </p>
              )}
              {problems.length > 0 && (
                <p role="alert" className="text-sm font-medium text-destructive">Revisa los datos marcados arriba.</p>
              )}
              {blocked && (
                <p id="checkout-blocked" className={cn('text-sm font-semibold', status.open ? 'text-destructive' : 'text-foreground')} data-testid="checkout-blocked">
                  {waitingForTime
                    ? 'Elige un día con horarios libres para programar tu pedido.'
                    : closedNow
                    ? `${status.message}. Tu pedido se queda guardado aquí.`
                    : blockedLines === 1
                      ? 'Corrige el producto marcado para poder ordenar.'
                      : 'Corrige los productos marcados para poder ordenar.'}
                </p>
              )}
              <Button variant="success" size="lg" onClick={send} disabled={sending || blocked} aria-describedby={blocked ? 'checkout-blocked' : undefined}>
                {sending ? 'Enviando pedido…' : table ? `Pedir a ${table.name}` : 'Ordenar por WhatsApp'}
              </Button>
              {/* Apart from sending, and undoable for a few seconds: a slip of the thumb costs nothing. */}
              <Button variant="ghost" className="mt-3 h-11 self-center text-muted-foreground" onClick={emptied.empty} data-testid="empty-cart">
                <Trash2 aria-hidden="true" /> Vaciar Carrito
              </Button>
            </SheetFooter>
          </>
        )}
      </SheetContent>
    </Sheet>
  )
}

function OrderSent({ sent, onDone }: { sent: Sent; onDone: () => void }) {
  // At a table the tracking page is the confirmation; the chat message stays one tap away.
  if (sent.table !== null && sent.number !== null) {
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center" role="status" data-testid="order-sent">
        <CheckCircle2 aria-hidden="true" className="size-14 text-success" />
        <p className="font-display text-2xl font-bold">{`Pedido #${sent.number} recibido`}</p>
        <p className="text-muted-foreground">{`Ya está en la cocina: te lo llevamos a ${sent.table}.`}</p>
        {sent.trackingUrl && (
          <a href={sent.trackingUrl} className={buttonVariants({ variant: 'success', size: 'lg', className: 'mt-2' })} data-testid="track-order">
            Seguir mi pedido
          </a>
        )}
        <Button variant="outline" className="h-11" onClick={onDone}>Pedir algo más</Button>
        <a href={sent.link} target="_blank" rel="noopener noreferrer" className={buttonVariants({ variant: 'ghost', className: 'h-11' })} data-testid="table-order-chat">
          Enviar también por WhatsApp (opcional)
        </a>
      </div>
    )
  }
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center" role="status" data-testid="order-sent">
      <CheckCircle2 aria-hidden="true" className="size-14 text-success" />
      <p className="font-display text-2xl font-bold">{sent.number !== null ? `Pedido #${sent.number} recibido` : 'Tu pedido está listo para enviar'}</p>
      <p className="text-muted-foreground">
        {sent.number !== null
          ? 'Ya lo tenemos anotado. Envía el mensaje que abrimos en WhatsApp: por ahí te confirmamos el pedido y el tiempo.'
          : 'Envía el mensaje que abrimos en WhatsApp para hacer tu pedido.'}
      </p>
      <a href={sent.link} target="_blank" rel="noopener noreferrer" className={buttonVariants({ variant: 'success', className: 'mt-2' })}>
        Abrir WhatsApp de nuevo
      </a>
      {sent.trackingUrl && (
        <a href={sent.trackingUrl} className={buttonVariants({ variant: 'outline' })} data-testid="track-order">
          Seguir mi pedido
        </a>
      )}
      <Button variant="outline" onClick={onDone}>Seguir viendo el menú</Button>
    </div>
  )
}

/** The details of an order at a table: pickup-like (no zone, address, fee, time for later or phone). */
function atTable(details: CheckoutDetails): CheckoutDetails {
  return { ...details, fulfilment: 'pickup', zoneId: null, address: '', addressReference: '', customerPhone: '', cashAmount: null, scheduledFor: null }
}

/** What a table's order asks: a name to call out and notes for the kitchen, both optional. */
function TableDetails({ details, onChange }: { details: CheckoutDetails; onChange: (change: Partial<CheckoutDetails>) => void }) {
  const id = useId()
  return (
    <div className="flex flex-col gap-4 py-4" data-testid="table-details">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-name`}>Tu nombre <span className="font-normal text-muted-foreground">(opcional)</span></Label>
        <Input id={`${id}-name`} className="h-11" value={details.customerName} maxLength={CHECKOUT_TEXT_LIMITS.customerName} autoComplete="given-name" onChange={(e) => onChange({ customerName: e.target.value })} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${id}-notes`}>Notas para la cocina <span className="font-normal text-muted-foreground">(opcional)</span></Label>
        <Textarea id={`${id}-notes`} value={details.notes} maxLength={CHECKOUT_TEXT_LIMITS.notes} rows={2} onChange={(e) => onChange({ notes: e.target.value })} />
      </div>
    </div>
  )
}

/** `figures`: the line's price and total as the server's quote has them (else the device's). The row is shared with the board's 'Editar pedido'. */
function CartLine({ line, figures, unavailable }: { line: CartItem; figures: { price: number; lineTotal: number } | null; unavailable: string | null }) {
  const key = lineKey(line)
  return (
    <LineRow
      name={cartLineName(line)}
      details={cartLineDetails(line)}
      price={figures?.price ?? line.price}
      lineTotal={figures?.lineTotal ?? line.price * line.quantity}
      quantity={line.quantity}
      unavailable={unavailable}
      onQuantity={(quantity) => cartActions.setQuantity(key, quantity)}
      onRemove={() => cartActions.remove(key)}
    />
  )
}

/** How long 'Deshacer' stays offered after 'Vaciar Carrito'. */
export const UNDO_EMPTY_MS = 8_000

/** 'Vaciar Carrito' empties at once and keeps what the cart held for UNDO_EMPTY_MS, for 'Deshacer'. */
function useUndoableEmpty() {
  const [previous, setPrevious] = useState<Cart | null>(null)
  useEffect(() => {
    if (!previous) return
    const timer = setTimeout(() => setPrevious(null), UNDO_EMPTY_MS)
    return () => clearTimeout(timer)
  }, [previous])
  return {
    previous,
    empty: () => setPrevious(cartActions.clear()),
    undo: () => {
      if (previous) cartActions.restore(previous)
      setPrevious(null)
    },
    forget: () => setPrevious(null),
  }
}
