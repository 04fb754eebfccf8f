import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react'
import type { ReactNode } from 'react'
import { type Control, Controller, useFieldArray, useWatch } from 'react-hook-form'
import type { OptionGroup } from '@/shared/options'
import { OPTION_GROUP_LIMITS, type OptionGroupData, optionGroupInputSchema } from '@/shared/schemas/option-group'
import { Button } from '@/web/ui/button'
import { Checkbox } from '@/web/ui/checkbox'
import { FieldError } from '../../components/field'
import { NumberField, TextField } from '../../components/form/fields'
import { Form } from '../../components/form/form'
import { DialogFormFooter, type SaveProps } from '../../components/form/resource-dialog'
import { numberText, useSchemaForm } from '../../components/form/use-schema-form'
import { ruleParts } from './option-text'

/** One option as its inputs hold it; `id` only for an option that exists (kept, so carts and orders still name it). */
type OptionValues = { id?: number; name: string; price: string; priceGrande: string; available: boolean; isDefault: boolean }
export type OptionGroupValues = { name: string; min: string; max: string; options: OptionValues[] }

const blankOption = (): OptionValues => ({ name: '', price: '', priceGrande: '', available: true, isDefault: false })

/** The form's start: a group as it is, or a new one asking for one choice ('Elige 1 · Obligatorio', the usual case) with one blank option. */
export function valuesOf(group: OptionGroup | null): OptionGroupValues {
  if (!group) return { name: '', min: '1', max: '1', options: [blankOption()] }
  return {
    name: group.name,
    min: String(group.min),
    max: String(group.max),
    options: group.options.map((o) => ({
      id: o.id,
      name: o.name,
      price: numberText(o.price),
      priceGrande: numberText(o.priceGrande),
      available: o.available,
      isDefault: o.isDefault,
    })),
  }
}

type Props = SaveProps<OptionGroupData> & { group: OptionGroup | null }

/** Whole number typed in a field, or null while it is not one. */
const whole = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : null)

/** Name, how many to choose (min / max) and the ordered options, validated with the shared optionGroupInputSchema. */
export function OptionGroupForm({ group, saving, onSubmit }: Props) {
  const form = useSchemaForm(optionGroupInputSchema, valuesOf(group))
  const { control } = form
  // keyName: the options' own `id` is data (kept when editing), not React's key.
  const { fields, append, remove, move } = useFieldArray({ control, name: 'options', keyName: 'key' })
  const [minText, maxText] = useWatch({ control, name: ['min', 'max'] })
  const min = whole(minText)
  const max = whole(maxText)
  const optionsError = form.formState.errors.options?.root?.message ?? form.formState.errors.options?.message

  /** With 'Elige 1' only one option can be the default: ticking one unticks the rest. */
  function onlyDefault(index: number) {
    if (max !== 1) return
    form.getValues('options').forEach((o, j) => {
      if (j !== index && o.isDefault) form.setValue(`options.${j}.isDefault`, false, { shouldValidate: form.formState.isSubmitted })
    })
  }

  return (
    <Form form={form} onSubmit={onSubmit}>
      <TextField control={control} name="name" id="group-name" label="Nombre del grupo" hint="Lo que ve el cliente sobre las opciones: Leche, Proteína, Endulzante." placeholder="Leche" />
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberField control={control} name="min" id="group-min" label="Mínimo a elegir" hint="0: opcional. 1 o más: obligatorio." />
        <NumberField control={control} name="max" id="group-max" label="Máximo a elegir" hint="1: elige una. Más: puede marcar varias." min={1} />
      </div>
      {min !== null && max !== null && max >= 1 ? (
        <p className="rounded-md bg-muted px-3 py-2 text-sm" data-testid="group-rule-preview">
          El cliente verá: <span className="font-semibold">{ruleParts({ min, max }).join(' · ')}</span>
        </p>
      ) : null}

      <fieldset className="grid gap-3" aria-describedby="group-options-hint">
        <legend className="mb-1 text-sm font-medium">Opciones</legend>
        <p id="group-options-hint" className="-mt-2 text-xs text-muted-foreground">
          En el orden en que se muestran. Precio: lo que suma al platillo (vacío o 0: sin costo). Grande: lo que suma con el tamaño Grande; vacío: lo mismo.
        </p>
        <ol className="grid gap-3">
          {fields.map((field, i) => (
            <li key={field.key} className="grid gap-3 rounded-lg border border-border p-3" data-testid="option-row">
              <OptionInputs control={control} index={i} onDefault={() => onlyDefault(i)}>
                <div className="ml-auto flex gap-1">
                  <Button variant="ghost" size="icon-sm" aria-label={`Subir opción ${i + 1}`} disabled={i === 0} onClick={() => move(i, i - 1)}>
                    <ArrowUp aria-hidden="true" />
                  </Button>
                  <Button variant="ghost" size="icon-sm" aria-label={`Bajar opción ${i + 1}`} disabled={i === fields.length - 1} onClick={() => move(i, i + 1)}>
                    <ArrowDown aria-hidden="true" />
                  </Button>
                  <Button variant="ghost" size="sm" className="text-destructive" aria-label={`Quitar opción ${i + 1}`} disabled={fields.length === 1} onClick={() => remove(i)}>
                    <Trash2 aria-hidden="true" />
                    Quitar
                  </Button>
                </div>
              </OptionInputs>
            </li>
          ))}
        </ol>
        <div role="alert">
          <FieldError id="group-options-error" message={optionsError} />
        </div>
        <Button variant="outline" className="justify-self-start" disabled={fields.length >= OPTION_GROUP_LIMITS.options} onClick={() => append(blankOption(), { shouldFocus: true })}>
          <Plus aria-hidden="true" />
          Agregar opción
        </Button>
      </fieldset>

      <DialogFormFooter saving={saving} editing={group !== null} className="sticky -bottom-6 -mx-6 -mb-6 border-t border-border bg-card px-6 py-4" />
    </Form>
  )
}

type OptionInputsProps = {
  control: Control<OptionGroupValues, unknown, OptionGroupData>
  index: number
  onDefault: () => void
  /** The row's own buttons (move, remove), beside the checkboxes. */
  children: ReactNode
}

/** One option's inputs: name, the two prices, 'Disponible' and 'Por defecto'; each named with its place ('Precio de la opción 2'). */
function OptionInputs({ control, index: i, onDefault, children }: OptionInputsProps) {
  const which = <span className="sr-only"> de la opción {i + 1}</span>
  const tail = <span className="sr-only">, opción {i + 1}</span>
  return (
    <>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-[minmax(0,1fr)_7rem_7rem]">
        <div className="col-span-2 sm:col-span-1">
          <TextField control={control} name={`options.${i}.name`} id={`option-${i}-name`} label={`Opción ${i + 1}`} placeholder="Almendra" />
        </div>
        <NumberField control={control} name={`options.${i}.price`} id={`option-${i}-price`} label={<>Precio (Q){which}</>} placeholder="0" />
        <NumberField control={control} name={`options.${i}.priceGrande`} id={`option-${i}-grande`} label={<>Grande (Q){which}</>} placeholder="Igual" />
      </div>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
        <Controller
          control={control}
          name={`options.${i}.available`}
          render={({ field }) => (
            <label className="flex min-h-8 max-sm:min-h-11 cursor-pointer items-center gap-2 text-sm">
              <Checkbox ref={field.ref} checked={field.value} onBlur={field.onBlur} onChange={(e) => field.onChange(e.target.checked)} />
              Disponible{tail}
            </label>
          )}
        />
        <Controller
          control={control}
          name={`options.${i}.isDefault`}
          render={({ field }) => (
            <label className="flex min-h-8 max-sm:min-h-11 cursor-pointer items-center gap-2 text-sm">
              <Checkbox
                ref={field.ref}
                checked={field.value}
                onBlur={field.onBlur}
                onChange={(e) => {
                  field.onChange(e.target.checked)
                  if (e.target.checked) onDefault()
                }}
              />
              Por defecto{tail}
            </label>
          )}
        />
        {children}
      </div>
    </>
  )
}
