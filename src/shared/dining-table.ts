/**
 * Eating at the table (issue #45): what both sides know of a table's QR. The QR carries a
 * random token (never the table's number), `/?mesa=<token>`; an order placed with it is
 * 'mesa', asks no phone and no address and adds no fee. No zod here: the landing bundle ships it.
 */
import type { CheckoutRequest } from './checkout'
import type { TableVisit } from './table-visit'

export { TABLE_PARAM, TABLE_TOKEN, isTableToken, parseTableVisit, type TableVisit } from './table-visit'


export const TABLE_TOKEN_RULE = 'Código de mesa inválido'

/** The checkout's 409 for an unknown, renewed or inactive table's token (the storefront then forgets the table). */
export const TABLE_REFUSED = 'Esta mesa ya no recibe pedidos; pide ayuda al personal'


/** What the diner may ask the staff from the table's page: 'Llamar al mesero', 'Pedir la cuenta'. */
export const TABLE_CALLS = ['mesero', 'cuenta'] as const
export type TableCall = (typeof TABLE_CALLS)[number]
export const TABLE_CALL_LABELS: Record<TableCall, string> = { mesero: 'Llamar al mesero', cuenta: 'Pedir la cuenta' }
/** How the board announces a call: 'Mesa 5 pide la cuenta'. */
export const tableCallText = (tableName: string, call: TableCall): string =>
  call === 'cuenta' ? `${tableName} pide la cuenta` : `${tableName} llama al mesero`

/**
 * The checkout request of an order at a table: the cart's lines, name and notes, as 'mesa' with
 * the table's token; no zone, address, phone, time for later or cash change (the bill is paid at
 * the table, 'Pedir la cuenta').
 */
export function tableRequest(request: CheckoutRequest, table: TableVisit): CheckoutRequest {
  const { zoneId: _zone, address: _address, addressReference: _reference, customerPhone: _phone, scheduledFor: _later, cashAmount: _cash, ...kept } = request
  return { ...kept, fulfilment: 'mesa', tableToken: table.token }
}
