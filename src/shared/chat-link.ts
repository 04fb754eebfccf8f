/**
 * The fixed chat texts and the wa.me link, apart from the order-text writer
 * (order-text.ts): the landing page's first load needs these (footer and CTA
 * buttons), while the writer and the checkout rules load with the cart sheet.
 */

export const ORDER_GREETING = '¡Hola! Quiero ordenar:'

/** Sent when the cart is empty (call-to-action button with nothing chosen yet): the SPEC restaurant's words. */
export const EMPTY_ORDER_TEXT = '¡Hola! Quiero ordenar unos chilaquiles. ¿Qué opciones tienen disponibles hoy?'
/** The same for a restaurant with its own headline ('Tu restaurante'): it may not sell chilaquiles (store-profile.ts). */
export const EMPTY_ORDER_TEXT_ANY = '¡Hola! Quiero hacer un pedido. ¿Qué opciones tienen disponibles hoy?'

/** Sent by the footer's chat button. */
export const INFO_REQUEST_TEXT = '¡Hola! Me gustaría recibir más información sobre su menú, horarios y entregas.'

/** https://wa.me/<digits>?text=<encoded>: wa.me wants the number as digits only, no plus. */
export function whatsappLink(number: string, text: string): string {
  return `https://wa.me/${number.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`
}
