/**
 * Eating at the table (issue #45): what both sides know of a table's QR. The QR carries a
 * random token (never the table's number), `/?mesa=<token>`; an order placed with it is
 * 'mesa', asks no phone and no address and adds no fee. No zod here: the landing bundle ships it.
 */
import type { CheckoutRequest } from './checkout'

/** The query parameter of a table's storefront: `/?mesa=<token>`. */
export const TABLE_PARAM = 'mesa'

/** A token as the server makes them: URL-safe base64 of 18 random bytes (24 characters); at least 16 accepted. */
export const TABLE_TOKEN = /^[A-Za-z0-9_-]{16,64}$/
export const isTableToken = (value: string): boolean => TABLE_TOKEN.test(value)
export const TABLE_TOKEN_RULE = 'Código de mesa inválido'

/** The checkout's 409 for an unknown, renewed or inactive table's token (the storefront then forgets the table). */
export const TABLE_REFUSED = 'Esta mesa ya no recibe pedidos; pide ayuda al personal'

/** A table as its storefront knows it: the token its QR carries and its name ('Mesa 5'). */
export type TableVisit = { token: string; name: string }

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

/** Reads a stored table visit (localStorage), checked by hand: anything malformed is none. */
export function parseTableVisit(raw: string | null): TableVisit | null {
  if (!raw) return null
  try {
    const value: unknown = JSON.parse(raw)
    if (!value || typeof value !== 'object') return null
    const { token, name } = value as Record<string, unknown>
    if (typeof token !== 'string' || !isTableToken(token) || typeof name !== 'string' || name.length === 0 || name.length > 60) return null
    return { token, name }
  } catch {
    return null
  }
}
