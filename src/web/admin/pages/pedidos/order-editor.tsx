/**
 * 'Editar pedido' (issue #34, DESIGN "When the order changes in the chat"): inside the order's
 * sheet, the order's lines in the storefront's own rows (line-row.tsx) with their steppers,
 * 'Agregar producto' (the storefront's size control and drawer, product-picker.tsx), how it is
 * delivered, the notes and why; the new total before saving is the server's own figure
 * (use-edit-preview.ts: the save's rule, nothing saved), its refusals in staff's words
 * (staff-refusal.ts); the picker offers only what the order can still have at its time
 * (edit-availability.ts); saved with If-Match (the version the editor started from), so someone
 * else's change meanwhile is refused (409, said here) instead of being undone.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Plus } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { type AddInput } from '@/shared/cart'
import { CHECKOUT_TEXT_LIMITS, type Fulfilment, FULFILMENT_LABELS, deliveryProblems } from '@/shared/checkout'
import { formatQ } from '@/shared/money'
import type { Order, OrderDiscount, OrderEditData } from '@/shared/schemas'
import { Badge } from '@/web/ui/badge'
import { cn } from '@/web/ui/cn'
import { Button } from '@/web/ui/button'
import { Chip, ChipGroup } from '@/web/ui/chip-group'
import { Input } from '@/web/ui/input'
import { Select } from '@/web/ui/select'
import { SheetDescription, SheetFooter, SheetHeader, SheetTitle } from '@/web/ui/sheet'
import { Textarea } from '@/web/ui/textarea'
import { toast } from '@/web/ui/use-toast'
import { LineRow } from '@/web/store/components/line-row'
import { Field, errorId, hintId } from '../../components/field'
import { api, call, serverMessage } from '../../lib/api'
import { zonesQuery } from '../../lib/query-keys'
import { portionsProblem } from './edit-availability'
import { type EditorLine, addLine, checkoutItemsOf, linesEditable, linesOfOrder, orderCode, previewEditOf, previewPrices, sameLines, setLineQuantity } from './order-edit-lines'
import { replaceCachedOrder } from './order-queries'
import { ProductPicker } from './product-picker'
import { staffRefusal } from './staff-refusal'
import { useMenuMoment } from './use-edit-availability'
import { useEditPreview } from './use-edit-preview'
import { rememberOwnEdit } from './use-live-orders'

type Props = {
  /** The order as it is now (it follows live events while the editor is open). */
  order: Order
  /** Back to the order's detail (saved, or given up). */
  onClose: () => void
  /** Start again from the order as it is now (after someone else's change). */
  onRestart: () => void
}

const blankToNull = (text: string) => (text.trim() === '' ? null : text.trim())

/** What changed against the order the editor started from: only those fields are sent. */
function editOf(base: Order, form: { lines: readonly EditorLine[]; fulfilment: Fulfilment | null; zoneId: number | null; address: string; reference: string; notes: string; reason: string }): OrderEditData | null {
  const edit: OrderEditData = {}
  if (linesEditable(base) && !sameLines(base, form.lines)) edit.items = checkoutItemsOf(form.lines)
  if (form.fulfilment !== null && form.fulfilment !== base.fulfilment) edit.fulfilment = form.fulfilment
  if (form.fulfilment === 'delivery') {
    if (form.zoneId !== base.zoneId) edit.zoneId = form.zoneId
    if (blankToNull(form.address) !== base.address) edit.address = blankToNull(form.address)
    if (blankToNull(form.reference) !== base.addressReference) edit.addressReference = blankToNull(form.reference)
  }
  if (blankToNull(form.notes) !== base.notes) edit.notes = blankToNull(form.notes)
  if (Object.keys(edit).length === 0) return null
  const reason = blankToNull(form.reason)
  return reason ? { ...edit, reason } : edit
}

export function OrderEditor({ order, onClose, onRestart }: Props) {
  const queryClient = useQueryClient()
  const id = useId()
  // The version edited from: If-Match names it, whatever arrives meanwhile.
  const [base] = useState(order)
  const editableLines = linesEditable(base)
  const [lines, setLines] = useState(() => linesOfOrder(base))
  // A table's order stays at its table (issue #45): no 'Entrega' to choose.
  const [fulfilment, setFulfilment] = useState<Fulfilment | null>(base.fulfilment === 'mesa' ? null : base.fulfilment)
  const [zoneId, setZoneId] = useState<number | null>(base.zoneId)
  const [address, setAddress] = useState(base.address ?? '')
  const [reference, setReference] = useState(base.addressReference ?? '')
  const [notes, setNotes] = useState(base.notes ?? '')
  const [reason, setReason] = useState('')
  const [picking, setPicking] = useState(false)
  const [attempted, setAttempted] = useState(false)
  const [refusal, setRefusal] = useState<{ message: string; stale: boolean } | null>(null)
  const title = useRef<HTMLHeadingElement>(null)
  const addButton = useRef<HTMLButtonElement>(null)
  const zones = useQuery({ ...zonesQuery(), enabled: fulfilment === 'delivery' })

  // Keyboard and screen-reader users land on the editor's title, as on a page of its own.
  useEffect(() => title.current?.focus(), [])

  const delivery = fulfilment === 'delivery'
  const problems = delivery ? deliveryProblems({ fulfilment: 'delivery', zoneId, address }) : []
  const problemOf = (path: 'zoneId' | 'address') => (attempted ? problems.find((p) => p.path === path)?.message : undefined)
  const edit = editOf(base, { lines, fulfilment, zoneId, address, reference, notes, reason })
  const empty = editableLines && lines.length === 0
  // What changes a price is priced by the server; asked once the edit is whole (lines, a zone, an address).
  const priced = editableLines ? previewEditOf(edit) : null
  const version = `"${base.changes.length}"`
  const preview = useEditPreview(base.id, version, priced !== null && !empty && problems.length === 0 ? priced : null)
  // A line's price from the answer only once it is the answer for these very lines.
  const prices = preview.order && !preview.pending ? previewPrices(lines, preview.order) : null
  const code = orderCode(base)
  const moment = useMenuMoment(base)

  const save = useMutation({
    mutationFn: (input: OrderEditData) => call(api.orders({ id: base.id }).patch(input, { headers: { 'if-match': version } })),
    onSuccess: (saved) => {
      rememberOwnEdit(saved)
      replaceCachedOrder(queryClient, saved)
      toast({ title: `Pedido #${saved.number} actualizado`, description: saved.changes.at(-1)?.summary })
      onClose()
    },
    onError: (error) => {
      const message = serverMessage(error, 'No se pudo guardar el cambio')
      setRefusal({ message: staffRefusal(message, code), stale: message.startsWith('Alguien más cambió este pedido') })
    },
  })

  const submit = () => {
    setAttempted(true)
    setRefusal(null)
    if (edit === null || empty || problems.length > 0 || save.isPending) return
    save.mutate(edit)
  }

  const add = (input: AddInput) => setLines((current) => addLine(current, input, base))
  const closePicker = () => {
    setPicking(false)
    requestAnimationFrame(() => addButton.current?.focus())
  }

  return (
    <>
      <SheetHeader className="border-b border-border">
        <SheetTitle asChild>
          <h2 ref={title} tabIndex={-1} className="outline-none">
            Editar pedido #{base.number}
          </h2>
        </SheetTitle>
        <SheetDescription>Lo que el cliente cambió en el chat. Se guarda con quién y cuándo.</SheetDescription>
      </SheetHeader>

      <div className="grid flex-1 content-start gap-5 overflow-y-auto px-5 py-4" tabIndex={0} role="region" aria-label="Cambios del pedido">
        <section aria-labelledby={`${id}-lines`} className="grid gap-2">
          <h3 id={`${id}-lines`} className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            Productos
          </h3>
          {editableLines ? (
            <>
              {lines.length > 0 ? (
                <ul className="divide-y divide-border border-y border-border" aria-label="Productos del pedido">
                  {lines.map((line) => {
                    const price = prices?.get(line.key) ?? line.price
                    return (
                      <LineRow
                        key={line.key}
                        name={line.name}
                        details={line.details}
                        price={price}
                        lineTotal={price * line.item.quantity}
                        quantity={line.item.quantity}
                        unavailable={portionsProblem(line, lines, base, moment)}
                        tag={line.recorded ? null : <Badge variant="secondary">Nuevo</Badge>}
                        onQuantity={(quantity) => setLines((current) => setLineQuantity(current, line.key, quantity))}
                        onRemove={() => setLines((current) => setLineQuantity(current, line.key, 0))}
                      />
                    )
                  })}
                </ul>
              ) : (
                <p className="rounded-md border border-dashed border-input p-3 text-sm text-muted-foreground">Sin productos. Agrega al menos uno.</p>
              )}
              {picking ? (
                <ProductPicker moment={moment} onAdd={add} onDone={closePicker} />
              ) : (
                <Button ref={addButton} variant="outline" className="justify-self-start" onClick={() => setPicking(true)}>
                  <Plus aria-hidden="true" /> Agregar producto
                </Button>
              )}
            </>
          ) : (
            <p className="text-sm text-muted-foreground">Los productos de un pedido del punto de venta se cambian en el punto de venta.</p>
          )}
        </section>

        {editableLines && fulfilment !== null ? (
          <section aria-labelledby={`${id}-delivery`} className="grid gap-3">
            <h3 id={`${id}-delivery`} className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              Entrega
            </h3>
            <ChipGroup label="Entrega">
              {(['pickup', 'delivery'] as const).map((f) => (
                <Chip key={f} checked={fulfilment === f} onClick={() => setFulfilment(f)}>
                  {FULFILMENT_LABELS[f]}
                </Chip>
              ))}
            </ChipGroup>
            {delivery ? (
              <>
                <Field id={`${id}-zone`} label="Zona" error={problemOf('zoneId')}>
                  <Select
                    id={`${id}-zone`}
                    value={zoneId ?? ''}
                    onChange={(e) => setZoneId(e.target.value ? Number(e.target.value) : null)}
                    aria-invalid={problemOf('zoneId') ? true : undefined}
                    aria-describedby={problemOf('zoneId') ? errorId(`${id}-zone`) : undefined}
                  >
                    <option value="">Elige una zona</option>
                    {(zones.data ?? [])
                      .filter((z) => z.available || z.id === base.zoneId)
                      .map((z) => (
                        <option key={z.id} value={z.id}>
                          {z.name} · {formatQ(z.deliveryCost)}
                        </option>
                      ))}
                    {/* The order's zone stays named while the list loads (or if it was deleted). */}
                    {base.zoneId !== null && !(zones.data ?? []).some((z) => z.id === base.zoneId) ? <option value={base.zoneId}>{base.zoneName ?? 'Zona del pedido'}</option> : null}
                  </Select>
                </Field>
                <Field id={`${id}-address`} label="Dirección" error={problemOf('address')}>
                  <Input
                    id={`${id}-address`}
                    value={address}
                    maxLength={CHECKOUT_TEXT_LIMITS.address}
                    autoComplete="off"
                    onChange={(e) => setAddress(e.target.value)}
                    aria-invalid={problemOf('address') ? true : undefined}
                    aria-describedby={problemOf('address') ? errorId(`${id}-address`) : undefined}
                  />
                </Field>
                <Field id={`${id}-reference`} label="Referencia (opcional)">
                  <Input id={`${id}-reference`} value={reference} maxLength={CHECKOUT_TEXT_LIMITS.addressReference} autoComplete="off" onChange={(e) => setReference(e.target.value)} />
                </Field>
              </>
            ) : null}
          </section>
        ) : null}

        <section aria-labelledby={`${id}-more`} className="grid gap-3">
          <h3 id={`${id}-more`} className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            Notas y motivo
          </h3>
          <Field id={`${id}-notes`} label="Notas del pedido">
            <Textarea id={`${id}-notes`} rows={2} value={notes} maxLength={CHECKOUT_TEXT_LIMITS.notes} onChange={(e) => setNotes(e.target.value)} />
          </Field>
          <Field id={`${id}-reason`} label="Motivo (opcional)" hint="Queda en el historial del pedido.">
            <Input id={`${id}-reason`} value={reason} maxLength={200} placeholder="Lo pidió por WhatsApp" onChange={(e) => setReason(e.target.value)} aria-describedby={hintId(`${id}-reason`)} />
          </Field>
        </section>
      </div>

      <SheetFooter className="gap-2 border-t border-border bg-card">
        <NewTotal
          before={base.total}
          had={base.discounts}
          preview={preview.order ?? null}
          pending={preview.pending}
          refusal={preview.refusal === null ? null : staffRefusal(preview.refusal, code)}
          // Nothing to ask yet: no lines, or a delivery waiting for its zone or address.
          waiting={priced === null ? null : empty ? 'Agrega un producto para calcular el nuevo total.' : problems.length > 0 ? `${problems[0]?.path === 'zoneId' ? 'Elige la zona' : 'Escribe la dirección'} para calcular el nuevo total.` : null}
          asked={priced !== null}
        />
        {refusal ? (
          <div role="alert" className="grid gap-2 rounded-md bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive" data-testid="edit-refusal">
            <p>{refusal.message}</p>
            {refusal.stale ? (
              <Button variant="outline" size="sm" className="justify-self-start" onClick={onRestart}>
                Empezar de nuevo con el pedido actual
              </Button>
            ) : null}
          </div>
        ) : null}
        {attempted && empty ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            El pedido debe tener al menos un producto.
          </p>
        ) : attempted && problems.length > 0 ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            Revisa los datos marcados arriba.
          </p>
        ) : null}
        <div className="flex flex-col gap-2 sm:flex-row-reverse">
          <Button size="lg" className="sm:flex-1" disabled={edit === null || save.isPending} onClick={submit}>
            {save.isPending ? 'Guardando…' : edit === null ? 'Sin cambios' : 'Guardar cambios'}
          </Button>
          <Button variant="outline" size="lg" disabled={save.isPending} onClick={onClose}>
            Cancelar
          </Button>
        </div>
      </SheetFooter>
    </>
  )
}

/**
 * 'Nuevo total' before saving: the server's own figures for the edit (subtotal, each discount, the
 * delivery fee, the total) beside the total it replaces; its refusal instead, when it would refuse.
 */
function NewTotal({ before, had, preview, pending, refusal, waiting, asked }: { before: number; had: readonly OrderDiscount[]; preview: Order | null; pending: boolean; refusal: string | null; waiting: string | null; asked: boolean }) {
  if (!asked) {
    return (
      <p className="flex justify-between text-sm" data-testid="edit-total">
        <span className="text-muted-foreground">Total</span>
        <span className="font-semibold">{formatQ(before)}</span>
      </p>
    )
  }
  return (
    <div className="grid gap-1 text-sm" aria-live="polite" data-testid="edit-total">
      {waiting ? (
        <p className="text-sm text-muted-foreground">{waiting}</p>
      ) : refusal && !pending ? (
        <p className="rounded-md bg-destructive/10 px-3 py-2 font-medium text-destructive" data-testid="edit-preview-refusal">
          <span className="font-semibold">No se puede guardar así:</span> {refusal}
        </p>
      ) : preview ? (
        <dl className={cn('grid gap-0.5', pending && 'opacity-60')} aria-busy={pending || undefined}>
          <div className="flex justify-between">
            <dt className="text-muted-foreground">Subtotal</dt>
            <dd data-testid="edit-subtotal">{formatQ(preview.subtotal)}</dd>
          </div>
          {preview.fulfilment === 'delivery' ? (
            <div className="flex justify-between">
              <dt className="text-muted-foreground">Envío</dt>
              <dd data-testid="edit-fee">{formatQ(preview.deliveryFee)}</dd>
            </div>
          ) : null}
          {preview.discounts.map((d) => (
            <div key={`${d.promotionId}-${d.name}`} className="flex justify-between" data-testid="edit-discount">
              <dt className="text-muted-foreground">Descuento ({d.code ?? d.name})</dt>
              <dd>-{formatQ(d.amount)}</dd>
            </div>
          ))}
          <div className="flex items-baseline justify-between text-base font-bold">
            <dt>
              Nuevo total <span className="text-sm font-normal text-muted-foreground">antes {formatQ(before)}</span>
            </dt>
            <dd data-testid="edit-new-total">{formatQ(preview.total)}</dd>
          </div>
          {/* A promotion of the order that the edited order no longer meets (a minimum the new lines miss) leaves it: said, not hidden. */}
          {had
            .filter((d) => !preview.discounts.some((p) => p.promotionId === d.promotionId && p.name === d.name))
            .map((d) => (
              <p key={`${d.promotionId}-${d.name}`} className="text-xs text-muted-foreground" data-testid="edit-discount-lost">
                Con estos cambios ya no aplica {d.code ? `el código ${d.code}` : `'${d.name}'`} (era -{formatQ(d.amount)}).
              </p>
            ))}
        </dl>
      ) : (
        <p className="flex justify-between">
          <span className="text-muted-foreground">Nuevo total</span>
          <span role="status">Calculando…</span>
        </p>
      )}
    </div>
  )
}
