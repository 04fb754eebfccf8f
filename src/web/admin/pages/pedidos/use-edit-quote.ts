/**
 * The edited order priced by the server before it is saved (issue #34): POST /api/checkout/quote
 * with the edited lines and delivery (order-edit-lines.ts, quoteBody), asked a short while after
 * the last change (three taps on '+' ask once), the previous answer kept on screen meanwhile.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import type { CheckoutData } from '@/shared/schemas'
import type { CheckoutQuote } from '@/shared/schemas/responses'
import { api, call, serverMessage } from '../../lib/api'

/** The pause after the last change before asking. */
export const EDIT_QUOTE_DEBOUNCE_MS = 300

type QuoteBody = CheckoutData

export type EditQuote = {
  /** The answer for the lines as they are now, or the previous one while asking (`pending`). */
  quote: CheckoutQuote | undefined
  pending: boolean
  /** The server's refusal of the edited lines ('Ya no tenemos …'), or null. */
  refusal: string | null
}

export function useEditQuote(body: QuoteBody | null): EditQuote {
  const text = body === null ? null : JSON.stringify(body)
  const [asked, setAsked] = useState(text)
  useEffect(() => {
    const timer = setTimeout(() => setAsked(text), EDIT_QUOTE_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text])
  const query = useQuery({
    // Not under the orders' key: an order event must not ask again.
    queryKey: ['edit-quote', asked],
    queryFn: () => call(api.checkout.quote.post(JSON.parse(asked ?? 'null') as QuoteBody)),
    enabled: asked !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    gcTime: 60_000,
  })
  const current = asked === text && !query.isPlaceholderData
  return {
    quote: text === null ? undefined : query.data,
    pending: text !== null && (!current || query.isFetching),
    refusal: current && query.isError ? serverMessage(query.error, 'No se pudo calcular el nuevo total') : null,
  }
}
