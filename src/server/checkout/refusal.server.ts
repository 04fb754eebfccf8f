import { HttpError } from '../http/errors.server'
import { CheckoutRefusal } from './checkout.service.server'

/**
 * `work`'s CheckoutRefusal as the client gets it: 409 when the menu, the clock or a promotion says
 * no, else 400 (the checkout, its quote and an order's edit: one mapping).
 */
export async function asHttpRefusal<T>(work: () => Promise<T>, counted?: (refusal: CheckoutRefusal) => void): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (!(error instanceof CheckoutRefusal)) throw error
    counted?.(error)
    throw new HttpError(error.kind === 'conflict' ? 409 : 400, error.message)
  }
}
