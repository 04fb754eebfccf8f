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

export const checkoutDetailsActions = {
  update: (change: Partial<CheckoutDetails>) => details.set({ ...details.get(), ...change }),
  /** After an order is recorded: what belongs to that order only (notes, cash) is cleared; the rest is kept. */
  orderPlaced: () => details.set({ ...details.get(), notes: '', cashAmount: null, scheduledFor: null }),
}
