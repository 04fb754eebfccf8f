import { type Control, Controller, type FieldErrors, useWatch } from 'react-hook-form'
import { codeAppliedText, promotionDescription } from '@/shared/promotions'
import type { Category } from '@/shared/schemas/category'
import {
  PROMOTION_FULFILMENTS,
  type Promotion,
  type PromotionData,
  type PromotionFulfilment,
  type PromotionKind,
  promotionInputSchema,
} from '@/shared/schemas/promotion'
import type { ServiceWindow } from '@/shared/service-windows'
import { Checkbox } from '@/web/ui/checkbox'
import { Chip, ChipGroup } from '@/web/ui/chip-group'
import { FieldError } from '../../components/field'
import { NumberField, SelectField, SwitchField, TextField } from '../../components/form/fields'
import { Form } from '../../components/form/form'
import { DialogFormFooter, type SaveProps } from '../../components/form/resource-dialog'
import { numberText, useSchemaForm } from '../../components/form/use-schema-form'
import { ServiceWindowsEditor } from '../../components/service-windows-editor'
import { FULFILMENT_LABELS, KIND_LABELS, KIND_ORDER, namesOf } from './promotion-text'

/** A product as the form lists it. */
export type ProductChoice = { id: number; name: string; category: string }

/** 'Con código' or 'Automática': chosen, never read from a blank field (issue #39). */
type CodeMode = 'code' | 'automatic'

/**
 * The form's values: numbers as typed text, blanks as '' (the schema turns them into the data
 * sent). `code` is what the field holds; `codeMode` says whether it is sent (`inputOf`).
 */
export type PromotionValues = {
  name: string
  codeMode: CodeMode
  code: string | null
  kind: PromotionKind
  value: string
  buy: string
  free: string
  appliesTo: { categories: string[]; productIds: number[] }
  minSubtotal: string
  fulfilment: PromotionFulfilment
  startsOn: string
  endsOn: string
  windows: ServiceWindow[]
  maxUses: string
  maxUsesPerPhone: string
  active: boolean
}

/** The form's start: a promotion as it is, or a new one (10% on the whole order, active, a 2x1 ready if the kind is switched). */
export function valuesOf(p: Promotion | null): PromotionValues {
  return {
    name: p?.name ?? '',
    // A new promotion starts as a code (what the owner shares); an automatic one is chosen.
    codeMode: p && p.code === null ? 'automatic' : 'code',
    code: p?.code ?? '',
    kind: p?.kind ?? 'percent',
    value: numberText(p?.value),
    buy: numberText(p?.buy ?? 2),
    free: numberText(p?.free ?? 1),
    appliesTo: { categories: [...(p?.appliesTo.categories ?? [])], productIds: [...(p?.appliesTo.productIds ?? [])] },
    minSubtotal: numberText(p?.minSubtotal),
    fulfilment: p?.fulfilment ?? 'any',
    startsOn: p?.startsOn ?? '',
    endsOn: p?.endsOn ?? '',
    windows: p?.windows.map((w) => ({ ...w, days: [...w.days] })) ?? [],
    maxUses: numberText(p?.maxUses),
    maxUsesPerPhone: numberText(p?.maxUsesPerPhone),
    active: p?.active ?? true,
  }
}

/**
 * What the schema reads: the code typed when 'Con código' is chosen (a blank one is then refused,
 * 'El código debe tener de 3 a 20 letras o números'), null only when 'Automática' is. So
 * clearing the field never turns a code into a promotion every order gets.
 */
export const inputOf = (values: PromotionValues): PromotionValues => ({ ...values, code: values.codeMode === 'automatic' ? null : (values.code ?? '') })

type Props = SaveProps<PromotionData> & { promotion: Promotion | null; categories: Category[]; products: ProductChoice[] }

/** A part of the form, set apart by a rule: a fieldset's legend sits above its own first line. */
const SECTION = 'grid gap-3 border-t border-border pt-4'
const LEGEND = 'float-left w-full text-base font-semibold'

/** The schema's messages of the windows, by path ('windows.0.from'), as the windows editor shows them. */
function windowErrors(errors: FieldErrors<PromotionValues>['windows']): Record<string, string> {
  const out: Record<string, string> = {}
  if (errors?.message) out.windows = errors.message
  if (Array.isArray(errors)) {
    errors.forEach((w: Record<string, { message?: string } | undefined> | undefined, i) => {
      for (const key of ['days', 'from', 'to']) {
        const message = w?.[key]?.message
        if (message) out[`windows.${i}.${key}`] = message
      }
    })
  }
  return out
}

/**
 * Name, 'Con código' (and the code) or 'Automática', what it gives (kind and its figures), what it applies to,
 * its conditions (minimum, pickup or delivery, dates, weekly hours) and its limits, checked
 * with the shared promotionInputSchema; above the buttons, the words the customer will read.
 */
export function PromotionForm({ promotion, categories, products, saving, onSubmit }: Props) {
  const form = useSchemaForm(promotionInputSchema, valuesOf(promotion), inputOf)
  const { control } = form
  const kind = useWatch({ control, name: 'kind' })
  const codeMode = useWatch({ control, name: 'codeMode' })
  const errors = form.formState.errors

  return (
    <Form form={form} onSubmit={onSubmit}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField control={control} name="name" id="promotion-name" label="Nombre" placeholder="Martes de bebidas" hint="Lo ves tú, en el pedido y en los reportes." />
        <div className="grid content-start gap-2">
          <Controller
            control={control}
            name="codeMode"
            render={({ field }) => (
              <ChipGroup label="Cómo se aplica">
                <Chip checked={field.value === 'code'} onClick={() => field.onChange('code')}>
                  Con código
                </Chip>
                <Chip checked={field.value === 'automatic'} onClick={() => field.onChange('automatic')}>
                  Automática
                </Chip>
              </ChipGroup>
            )}
          />
          {codeMode === 'automatic' ? (
            <p className="text-sm text-muted-foreground">Se aplica sola a todo pedido que cumpla sus condiciones, sin código.</p>
          ) : (
            <TextField
              control={control}
              name="code"
              id="promotion-code"
              label="Código"
              placeholder="MARTES"
              autoComplete="off"
              spellCheck={false}
              className="font-mono uppercase"
              hint="El cliente lo escribe o abre su enlace."
            />
          )}
        </div>
      </div>

      <fieldset className={SECTION}>
        <legend className={LEGEND}>Qué da</legend>
        <Controller
          control={control}
          name="kind"
          render={({ field }) => (
            <ChipGroup label="Tipo de promoción" className="flex-wrap">
              {KIND_ORDER.map((k) => (
                <Chip key={k} checked={field.value === k} onClick={() => field.onChange(k)}>
                  {KIND_LABELS[k]}
                </Chip>
              ))}
            </ChipGroup>
          )}
        />
        {kind === 'percent' && <NumberField control={control} name="value" id="promotion-value" label="Porcentaje (%)" placeholder="10" min={1} max={100} />}
        {kind === 'amount' && <NumberField control={control} name="value" id="promotion-value" label="Descuento (Q)" placeholder="20" min={1} />}
        {kind === 'buyXgetY' && (
          <div className="grid gap-4 sm:grid-cols-2">
            <NumberField control={control} name="buy" id="promotion-buy" label="Lleva" min={2} hint="Unidades de cada grupo: 2 en un 2x1, 3 en un 3x2." />
            <NumberField control={control} name="free" id="promotion-free" label="Gratis" min={1} hint="De cada grupo, las más baratas: 1 en un 2x1." />
          </div>
        )}
        {kind === 'freeDelivery' && <p className="text-sm text-muted-foreground">No cobra el envío de los pedidos a domicilio.</p>}
      </fieldset>

      <fieldset className={SECTION} aria-describedby="promotion-applies-hint">
        <legend className={LEGEND}>A qué aplica</legend>
        <p id="promotion-applies-hint" className="-mt-2 text-xs text-muted-foreground">
          Sin marcar nada: a todo el pedido. {kind === 'freeDelivery' ? 'Con algo marcado: el envío es gratis si el pedido lo lleva.' : ''}
        </p>
        <TargetsPicker control={control} categories={categories} products={products} />
      </fieldset>

      <fieldset className={SECTION}>
        <legend className={LEGEND}>Condiciones</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <NumberField control={control} name="minSubtotal" id="promotion-minimum" label="Pedido mínimo (Q)" placeholder="Sin mínimo" hint="Antes de descuentos y envío." />
          <SelectField control={control} name="fulfilment" id="promotion-fulfilment" label="Vale para" options={PROMOTION_FULFILMENTS} labels={FULFILMENT_LABELS} />
          <TextField control={control} name="startsOn" id="promotion-starts" type="date" label="Desde (opcional)" />
          <TextField control={control} name="endsOn" id="promotion-ends" type="date" label="Hasta (opcional)" hint="Incluido." />
        </div>
        <p className="text-sm font-medium">Horario (opcional)</p>
        <Controller
          control={control}
          name="windows"
          render={({ field }) => (
            <ServiceWindowsEditor
              id="promotion-window"
              windows={field.value}
              onChange={field.onChange}
              errors={windowErrors(errors.windows)}
              emptyText="Sin horario: vale a cualquier hora en que recibes pedidos."
            />
          )}
        />
      </fieldset>

      <fieldset className={SECTION}>
        <legend className={LEGEND}>Límites</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <NumberField control={control} name="maxUses" id="promotion-max-uses" label="Usos en total" placeholder="Sin límite" min={1} hint="Un pedido cancelado devuelve su uso." />
          <NumberField control={control} name="maxUsesPerPhone" id="promotion-max-per-phone" label="Usos por cliente" placeholder="Sin límite" min={1} hint="Con límite, el cliente debe dar su WhatsApp." />
        </div>
        <SwitchField control={control} name="active" id="promotion-active" on="Activa" off="En pausa" hint="En pausa no se aplica y su código no existe para los clientes." />
      </fieldset>

      {/* What the customer will read stays in view, with the buttons, while the owner scrolls the form. */}
      <div className="sticky -bottom-6 -mx-6 -mb-6 grid gap-3 border-t border-border bg-card px-6 py-4">
        <Preview control={control} categories={categories} products={products} />
        <DialogFormFooter saving={saving} editing={promotion !== null} />
      </div>
    </Form>
  )
}

type PickerProps = { control: Control<PromotionValues, unknown, PromotionData>; categories: Category[]; products: ProductChoice[] }

/** The categories, then the products by category, as checkboxes. */
function TargetsPicker({ control, categories, products }: PickerProps) {
  const toggle = <T,>(list: T[], item: T, on: boolean) => (on ? [...list, item] : list.filter((x) => x !== item))
  const byCategory = categories.map((c) => ({ category: c, items: products.filter((p) => p.category === c.slug) })).filter((g) => g.items.length > 0)
  return (
    <div className="grid gap-3 sm:grid-cols-[minmax(0,14rem)_1fr]">
      <Controller
        control={control}
        name="appliesTo.categories"
        render={({ field, fieldState }) => (
          <div role="group" aria-label="Categorías" className="grid content-start gap-1.5">
            <p className="text-xs font-semibold text-muted-foreground uppercase">Categorías</p>
            {categories.map((c) => (
              <label key={c.slug} className="flex min-h-8 max-sm:min-h-11 cursor-pointer items-center gap-2 text-sm">
                <Checkbox checked={field.value.includes(c.slug)} onChange={(e) => field.onChange(toggle(field.value, c.slug, e.target.checked))} />
                {c.name}
              </label>
            ))}
            <FieldError id="promotion-categories-error" message={fieldState.error?.message} />
          </div>
        )}
      />
      <Controller
        control={control}
        name="appliesTo.productIds"
        render={({ field, fieldState }) => (
          <div role="group" aria-label="Productos" className="grid content-start gap-1.5">
            <p className="text-xs font-semibold text-muted-foreground uppercase">Productos</p>
            <div className="grid max-h-52 gap-2 overflow-y-auto rounded-md border border-border p-2">
              {byCategory.map(({ category, items }) => (
                <div key={category.slug} className="grid gap-0.5">
                  <p className="text-xs text-muted-foreground">{category.name}</p>
                  {items.map((p) => (
                    <label key={p.id} className="flex min-h-8 max-sm:min-h-11 cursor-pointer items-center gap-2 text-sm">
                      <Checkbox checked={field.value.includes(p.id)} onChange={(e) => field.onChange(toggle(field.value, p.id, e.target.checked))} />
                      {p.name}
                    </label>
                  ))}
                </div>
              ))}
            </div>
            <FieldError id="promotion-products-error" message={fieldState.error?.message} />
          </div>
        )}
      />
    </div>
  )
}

/** What the customer will read, from the values as the schema would save them (nothing while they do not parse). */
function Preview({ control, categories, products }: PickerProps) {
  const values = useWatch({ control }) as PromotionValues
  const parsed = promotionInputSchema.safeParse(inputOf(values))
  if (!parsed.success) return null
  const promotion: Promotion = { ...parsed.data, id: 0 }
  const names = namesOf(categories, products)
  return (
    <div className="grid gap-0.5 rounded-md bg-muted px-3 py-2 text-sm" data-testid="promotion-preview">
      <p>
        El cliente verá: <span className="font-semibold">{promotionDescription(promotion, names)}</span>
      </p>
      {promotion.code ? <p className="hidden text-xs text-muted-foreground sm:block">Con su enlace: «{codeAppliedText(promotion, names)}»</p> : null}
    </div>
  )
}
