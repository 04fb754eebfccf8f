/**
 * The least the storefront's first load must know of a table (issue #45): the address's
 * parameter, a token's form and the table kept on the device. The rest (the checkout request,
 * the calls, the refusal's words) is in dining-table.ts, which only later chunks load.
 */

/** The query parameter of a table's storefront: `/?mesa=<token>`. */
export const TABLE_PARAM = 'mesa'

/** A token as the server makes them: URL-safe base64 of 18 random bytes (24 characters); at least 16 accepted. */
export const TABLE_TOKEN = /^[A-Za-z0-9_-]{16,64}$/
export const isTableToken = (value: string): boolean => TABLE_TOKEN.test(value)

/** A table as its storefront knows it: the token its QR carries and its name ('Mesa 5'). */
export type TableVisit = { token: string; name: string }

/** A table visit from a parsed value (the page's data, a stored one), checked by hand: anything malformed is none. */
export function tableVisitOf(value: unknown): TableVisit | null {
  if (!value || typeof value !== 'object') return null
  const { token, name } = value as Record<string, unknown>
  if (typeof token !== 'string' || !isTableToken(token) || typeof name !== 'string' || name.length === 0 || name.length > 60) return null
  return { token, name }
}

/** Reads a stored table visit (localStorage): anything malformed is none. */
export function parseTableVisit(raw: string | null): TableVisit | null {
  if (!raw) return null
  try {
    return tableVisitOf(JSON.parse(raw))
  } catch {
    return null
  }
}
