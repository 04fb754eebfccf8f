/**
 * A refusal of an edit in the staff's words (issue #40). The server words its refusals for the
 * customer at the checkout ('Ese código vale los martes', 'Ya usaste este código', 'Los desayunos
 * se sirven de 7:00 a 11:00; elige otra hora'); on the board the one reading them is staff,
 * changing an order the customer already placed, so the code is named and the customer is 'el
 * cliente'. What the server said stays whole otherwise: it is the reason.
 */

/** `message` (a refusal of PATCH /api/orders/{id}) as staff read it; `code`: the order's code, if any. */
export function staffRefusal(message: string, code: string | null): string {
  const named = code ? `El código ${code}` : 'El código del pedido'
  if (message === 'Ese código pide tu WhatsApp') return `${named} pide el WhatsApp del cliente`
  if (message === 'Ya usaste este código') return `El cliente ya usó ${code ? `el código ${code}` : 'ese código'} las veces que permite`
  if (message.startsWith('Ese código ')) return `${named} ${message.slice('Ese código '.length)}`
  // A dish's hours: the order's time is the order's, not something the customer picks here.
  return message.replace(/; elige otra hora$/, ' y este pedido es para otra hora')
}
