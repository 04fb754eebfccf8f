/**
 * Form controls bound to a react-hook-form `control` (from useSchemaForm) by field name:
 * each shows its label, optional hint and the field's Spanish error under it, with the
 * accessible wiring (label for/id, aria-invalid, aria-describedby to the hint and error).
 * Passing `control` keeps `name` type-checked against the form's values.
 */
import type { ComponentProps, ReactNode } from 'react'
import { type Control, type ControllerRenderProps, type FieldPath, type FieldValues, useController } from 'react-hook-form'
import { Select } from '@/web/ui/select'
import { Switch } from '@/web/ui/switch'
import { Textarea } from '@/web/ui/textarea'
import { Field, hintId } from '../field'
import { LabelledInput, controlAria } from './labelled-input'

export type FieldProps<T extends FieldValues> = {
  /** Any context and submitted type: only the values' shape matters here. */
  control: Control<T, any, any>
  name: FieldPath<T>
  id: string
  label: ReactNode
  hint?: ReactNode
}

/** What a control spreads: its value and handlers, id and aria state. */
type Bound = Pick<ControllerRenderProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'ref'> & {
  id: string
  'aria-invalid'?: true
  'aria-describedby'?: string
}

/** The field's state and the props its control spreads. */
export function useBoundField<T extends FieldValues>({ control, name, id, hint }: Pick<FieldProps<T>, 'control' | 'name' | 'id' | 'hint'>) {
  const { field, fieldState } = useController({ control, name })
  const error = fieldState.error?.message
  const { name: boundName, value, onChange, onBlur, ref } = field
  const bound: Bound = { id, name: boundName, value: value ?? '', onChange, onBlur, ref, ...controlAria(id, hint, error) }
  return { field, error, bound }
}

/** Label + control + hint + error, the control drawn by `children` from the bound props. */
function BoundField<T extends FieldValues>({ children, ...props }: FieldProps<T> & { children: (bound: Bound) => ReactNode }) {
  const { error, bound } = useBoundField(props)
  return (
    <Field id={props.id} label={props.label} hint={props.hint} error={error}>
      {children(bound)}
    </Field>
  )
}

type Own<P> = Omit<P, 'id' | 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'ref' | 'children'>

export function TextField<T extends FieldValues>({ control, name, id, label, hint, ...input }: FieldProps<T> & Own<ComponentProps<'input'>>) {
  const { error, bound } = useBoundField({ control, name, id, hint })
  return <LabelledInput {...input} {...bound} label={label} hint={hint} error={error} />
}

/** Whole numbers typed as text (the schema turns them into numbers); `min` 0 unless given. */
export function NumberField<T extends FieldValues>(props: FieldProps<T> & Own<ComponentProps<'input'>>) {
  return <TextField type="number" inputMode="numeric" min={0} step={1} {...props} />
}

export function TextareaField<T extends FieldValues>({ control, name, id, label, hint, ...textarea }: FieldProps<T> & Own<ComponentProps<'textarea'>>) {
  return <BoundField {...{ control, name, id, label, hint }}>{(bound) => <Textarea {...textarea} {...bound} />}</BoundField>
}

/** A native select of `options`, each shown by its label. */
export function SelectField<T extends FieldValues, O extends string>({
  options,
  labels,
  ...props
}: FieldProps<T> & { options: readonly O[]; labels: Record<O, string> }) {
  return (
    <BoundField {...props}>
      {(bound) => (
        <Select {...bound}>
          {options.map((option) => (
            <option key={option} value={option}>
              {labels[option]}
            </option>
          ))}
        </Select>
      )}
    </BoundField>
  )
}

/** An on/off switch named by the state it shows ('Disponible' / 'Agotado'), with an optional hint. */
export function SwitchField<T extends FieldValues>({ on, off, ...props }: Omit<FieldProps<T>, 'label'> & { on: string; off: string }) {
  const { field } = useBoundField(props)
  const { id, hint } = props
  const checked = field.value === true
  return (
    <div className={hint ? 'flex items-start gap-3' : 'flex items-center gap-3'}>
      <Switch
        id={id}
        ref={field.ref}
        checked={checked}
        onCheckedChange={field.onChange}
        aria-labelledby={`${id}-label`}
        aria-describedby={hint ? hintId(id) : undefined}
      />
      <div className="grid gap-0.5">
        <span id={`${id}-label`} className="text-sm font-medium">
          {checked ? on : off}
        </span>
        {hint ? (
          <p id={hintId(id)} className="text-xs text-muted-foreground">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  )
}
