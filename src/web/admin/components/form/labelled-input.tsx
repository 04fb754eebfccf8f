/**
 * The form controls' plain parts, with no form library: what the login page uses (it keeps
 * react-hook-form out of its chunk, see use-light-form.ts) and what fields.tsx binds to it.
 */
import type { ComponentProps, ReactNode } from 'react'
import { Input } from '@/web/ui/input'
import { Field, errorId, hintId } from '../field'

/** aria state of a control in a <Field>: invalid while it has an error, described by its hint and error. */
export function controlAria(id: string, hint: ReactNode, error: string | undefined) {
  const describedBy = [hint ? hintId(id) : '', error ? errorId(id) : ''].filter(Boolean).join(' ')
  return {
    ...(error ? { 'aria-invalid': true as const } : {}),
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
  }
}

type Props = Omit<ComponentProps<'input'>, 'id'> & { id: string; label: ReactNode; hint?: ReactNode; error?: string }

/** A labelled input with its hint and its Spanish error under it. */
export function LabelledInput({ id, label, hint, error, ...input }: Props) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <Input {...input} id={id} {...controlAria(id, hint, error)} />
    </Field>
  )
}
