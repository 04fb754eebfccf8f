/**
 * The edited order as the server would save it, before it is saved (issue #34, #40):
 * PATCH /api/orders/{id}?dryRun=1 answers the edit's figures (lines, subtotal, discounts, fee,
 * total) or its refusal and saves nothing, so what staff see before 'Guardar' is what 'Guardar'
 * records. It carries the version the editor started from (If-Match), as the save does: an edit
 * made meanwhile by someone else is said here already. Asked a short while after the last change
 * (three taps on '+' ask once), the previous answer kept on screen meanwhile.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { Order, OrderEditData } from '@/shared/schemas'
import { api, call, serverMessage } from '../../lib/api'

/** The pause after the last change before asking. */
const EDIT_PREVIEW_DEBOUNCE_MS = 300

export type EditPreview = {
  /** The order as the edit would leave it, for the edit as it is now, or the previous answer while asking (`pending`). */
  order: Order | undefined
  pending: boolean
  /** The server's refusal of the edit as it is now ('Solo quedan 2 Tostadas hoy'), as the server words it, or null. */
  refusal: string | null
}

/** Asks the server what `edit` of order `orderId` (at `version`, its ETag) would save; null: nothing to ask. */
export function useEditPreview(orderId: number, version: string, edit: OrderEditData | null): EditPreview {
  const text = edit === null ? null : JSON.stringify(edit)
  const [asked, setAsked] = useState(text)
  useEffect(() => {
    const timer = setTimeout(() => setAsked(text), EDIT_PREVIEW_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text])
  const query = useQuery({
    // Not under the orders' key: an order event must not ask again.
    queryKey: ['edit-preview', orderId, version, asked],
    queryFn: () =>
      call(
        api.orders({ id: orderId }).patch(JSON.parse(asked ?? 'null') as OrderEditData, {
          headers: { 'if-match': version },
          query: { dryRun: '1' },
        }),
      ),
    enabled: asked !== null,
    placeholderData: keepPreviousData,
    // The same lines asked again (a '+' then a '-') are not asked twice in a short while.
    staleTime: 30_000,
    gcTime: 60_000,
  })
  const current = asked === text && !query.isPlaceholderData
  return {
    order: text === null || (current && query.isError) ? undefined : query.data,
    pending: text !== null && (!current || query.isFetching),
    refusal: current && query.isError ? serverMessage(query.error, 'No se pudo calcular el nuevo total') : null,
  }
}
