import { zodResolver } from '@hookform/resolvers/zod'
import { type DefaultValues, type FieldValues, type Resolver, useForm } from 'react-hook-form'
import type { z } from 'zod'

/** A stored number as an input's start value: '' for none. */
export const numberText = (n: number | null | undefined) => (n == null ? '' : String(n))

/**
 * A react-hook-form form checked by one of the shared schemas (src/shared/schemas), so the
 * Spanish messages under the fields are the server's own. The values are what the inputs
 * hold (numbers as typed text, blanks as ''), every one given a start value; the schema
 * turns them into the data sent.
 * Errors appear on the first submit and then follow the values live (RHF's defaults:
 * validate on submit, re-validate on change).
 *
 * `prepare` maps the values to what the schema should read, e.g. an ingredient's fields
 * hidden by its type count as blank.
 */
export function useSchemaForm<TValues extends FieldValues, S extends z.ZodType>(
  schema: S,
  defaultValues: TValues,
  prepare?: (values: TValues) => TValues,
) {
  // Typed by the form's values: the schema's own input type is looser (its preprocessed fields take `unknown`).
  const resolve = zodResolver(schema as z.ZodType<z.output<S>, TValues>, undefined, { mode: 'sync' })
  const resolver: Resolver<TValues, unknown, z.output<S>> = (values, context, options) => resolve(prepare ? prepare(values) : values, context, options)
  return useForm<TValues, unknown, z.output<S>>({ defaultValues: defaultValues as DefaultValues<TValues>, resolver })
}
