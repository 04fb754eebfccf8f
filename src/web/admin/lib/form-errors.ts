import type { z } from 'zod'

export type FieldErrors = Partial<Record<string, string>>

/** First message per top-level field of a failed safeParse. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {}
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '_')
    if (!out[key]) out[key] = issue.message
  }
  return out
}
