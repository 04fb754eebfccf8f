import type { ReactNode } from 'react'
import type { FieldValues, SubmitHandler, UseFormReturn } from 'react-hook-form'

type Props<T extends FieldValues, R> = {
  /** From useSchemaForm (any context). */
  form: UseFormReturn<T, any, R>
  /** Called with the schema's parsed data once every field is valid. */
  onSubmit: SubmitHandler<R>
  children: ReactNode
}

/**
 * The <form> of a useSchemaForm form: a column of fields, submitted through the schema.
 * noValidate: the schema's inline messages, not the browser's bubbles. One column as wide
 * as the dialog, never wider (a field's widest content shrinks to it: issue #40).
 */
export function Form<T extends FieldValues, R>({ form, onSubmit, children }: Props<T, R>) {
  return (
    <form onSubmit={(event) => void form.handleSubmit(onSubmit)(event)} noValidate className="grid grid-cols-[minmax(0,1fr)] gap-4">
      {children}
    </form>
  )
}
