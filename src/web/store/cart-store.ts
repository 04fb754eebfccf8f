/**
 * The storefront's cart: the pure rules of src/shared/cart.ts over one stored
 * value (localStorage `cart`, see stored-value.ts). The badge appears right
 * after hydration, since the server renders the empty cart.
 */
import { addItem, addItems, clearCart, emptyCart, parseCart, removeItem, setQuantity, type AddInput, type Cart } from '../../shared/cart'
import { storedValue } from './stored-value'

const cart = storedValue<Cart>('cart', parseCart, emptyCart)

export const useCart = cart.use

/** The cart as it is now, for an event handler that should not re-render with every change. */
export const readCart = cart.get

export const cartActions = {
  add: (input: AddInput) => cart.set(addItem(cart.get(), input)),
  /** Several lines with their quantities, in one change ('Repetir pedido'). */
  addMany: (lines: readonly { input: AddInput; quantity: number }[]) => cart.set(lines.reduce((c, l) => addItems(c, l.input, l.quantity), cart.get())),
  setQuantity: (key: string, quantity: number) => cart.set(setQuantity(cart.get(), key, quantity)),
  remove: (key: string) => cart.set(removeItem(cart.get(), key)),
  /** Empties the cart and answers what it held, for 'Deshacer'. */
  clear: (): Cart => {
    const previous = cart.get()
    cart.set(clearCart())
    return previous
  },
  /** 'Deshacer' after 'Vaciar Carrito': the lines as they were. */
  restore: (previous: Cart) => cart.set(previous),
}
