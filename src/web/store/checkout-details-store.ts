/**
 * What the customer filled in 'Tu Pedido' (pickup or delivery, zone, address, name,
 * payment...), remembered for the next order under its own key, apart from the cart.
 * A corrupt stored value falls back to the defaults field by field (parseCheckoutDetails).
 */
import { DEFAULT_CHECKOUT_DETAILS, parseCheckoutDetails, type CheckoutDetails } from '../../shared/checkout'
import { storedValue } from './stored-value'

export const CHECKOUT_DETAILS_KEY = 'checkout-details'

const details = storedValue<CheckoutDetails>(CHECKOUT_DETAILS_KEY, parseCheckoutDetails, DEFAULT_CHECKOUT_DETAILS)

export const useCheckoutDetails = details.use
/** The details as they are now, for a request made outside the cart (a code's link asks the quote). */
export const readCheckoutDetails = details.get

export const checkoutDetailsActions = {
  update: (change: Partial<CheckoutDetails>) => details.set({ ...details.get(), ...change }),
  /**
   * After an order is recorded: what belongs to that order only is cleared (notes, cash, the
   * time, and the delivery's 'Referencia': 'the blue gate' is true of one visit, and must never
   * travel silently into the next order); the rest (name, address, zone, payment) is offered again.
   */
  orderPlaced: () => details.set({ ...details.get(), notes: '', cashAmount: null, scheduledFor: null, addressReference: '' }),
}
