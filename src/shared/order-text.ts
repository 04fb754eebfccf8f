/**
 * The chat checkout: the order written as the text of a WhatsApp message, and
 * the wa.me link that opens it. Pure, shared by the storefront and its tests.
 */
import { cartTotal, SIZE_LABELS, type Cart } from './cart'
import { formatQ } from './money'

export const ORDER_GREETING = '¡Hola! Quiero ordenar:'

/** Sent when the cart is empty (call-to-action button with nothing chosen yet). */
export const EMPTY_ORDER_TEXT = '¡Hola! Quiero ordenar unos chilaquiles. ¿Qué opciones tienen disponibles hoy?'

/** Sent by the footer's chat button. */
export const INFO_REQUEST_TEXT = '¡Hola! Me gustaría recibir más información sobre su menú, horarios y entregas.'

/** One block per line, a blank line between blocks, then the total. */
export function buildOrderText(cart: Cart): string {
  if (cart.length === 0) return EMPTY_ORDER_TEXT
  const blocks = cart.map((line, i) => {
    const rows = [`${i + 1}. ${line.product.name} (${SIZE_LABELS[line.size]})`]
    const c = line.customization
    if (c?.sauce) rows.push(`   Salsa: ${c.sauce}`)
    if (c && c.addedExtras.length > 0) rows.push(`   Extras: ${c.addedExtras.map((e) => e.name).join(', ')}`)
    if (c && c.removedNames.length > 0) rows.push(`   Sin: ${c.removedNames.join(', ')}`)
    if (c?.sauceOnSide) rows.push('   Salsa por aparte')
    rows.push(`   Cantidad: ${line.quantity}`)
    rows.push(`   Precio: ${formatQ(line.price * line.quantity)}`)
    return rows.join('\n')
  })
  return [ORDER_GREETING, ...blocks, `Total: ${formatQ(cartTotal(cart))}`].join('\n\n')
}

/** https://wa.me/<digits>?text=<encoded>: wa.me wants the number as digits only, no plus. */
export function whatsappLink(number: string, text: string): string {
  return `https://wa.me/${number.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`
}
