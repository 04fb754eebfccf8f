import { useState, type ChangeEvent, type FormEvent } from 'react'
import type { z } from 'zod'

/**
 * useSchemaForm's behaviour for a form of a few text inputs, without react-hook-form (about
 * 13 KB brotli): the login page, the first screen, stays light. Same rules: checked by a
 * shared schema, errors shown from the first submit on and then following the values live.
 */
export function useLightForm<S extends z.ZodType, TValues extends Record<string, string>>(schema: S, defaultValues: TValues) {
  const [values, setValues] = useState(defaultValues)
  const [revealed, setRevealed] = useState(false)
  const result = schema.safeParse(values)
  const errors = revealed && !result.success ? firstErrors(result.error) : {}
  return {
    /** The props of one field's <LabelledInput>. */
    field: (name: keyof TValues & string) => ({
      name,
      value: values[name],
      onChange: (event: ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [name]: event.target.value })),
      error: errors[name],
    }),
    /** The form's onSubmit: `onValid` gets the parsed data, or the errors show. */
    handleSubmit: (onValid: (data: z.output<S>) => void) => (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      if (result.success) onValid(result.data)
      else setRevealed(true)
    },
  }
}

/** First message per top-level field. */
function firstErrors(error: z.ZodError): Partial<Record<string, string>> {
  const out: Partial<Record<string, string>> = {}
  for (const issue of error.issues) out[String(issue.path[0] ?? '_')] ??= issue.message
  return out
}
