import { useState } from 'react'
import type { z } from 'zod'
import { fieldErrors, type FieldErrors } from './form-errors'

/**
 * Validates the current form values with a shared schema on every render.
 * Errors stay hidden until the first failed submit; from then on they follow
 * the values live (an error disappears as soon as the field is fixed).
 */
export function useValidation<S extends z.ZodType>(schema: S, values: unknown) {
  const [revealed, setRevealed] = useState(false)
  const result = schema.safeParse(values)
  const errors: FieldErrors = revealed && !result.success ? fieldErrors(result.error) : {}
  return {
    result,
    errors,
    /** Call on submit: returns the parsed data, or null (and shows the errors). */
    check(): z.output<S> | null {
      if (result.success) return result.data
      setRevealed(true)
      return null
    },
    reset: () => setRevealed(false),
  }
}
