/**
 * Shows a stored chat number for people: Guatemalan numbers (502 + 8 digits)
 * as "+502 1234 5678"; any other country as "+" followed by its digits.
 */
export function formatPhone(digits: string): string {
  const d = digits.replace(/\D/g, '')
  if (d.length === 11 && d.startsWith('502')) return `+502 ${d.slice(3, 7)} ${d.slice(7)}`
  return `+${d}`
}

/**
 * The `tel:` address of a stored number (digits with their country code, e.g. 50212345678):
 * "tel:+50212345678", so a phone abroad, or one whose own country is not Guatemala, still
 * dials the right country.
 */
export const telHref = (digits: string): string => `tel:+${digits.replace(/\D/g, '')}`

/** The rule of every WhatsApp number the site stores (a customer's, the order number's). */
export const PHONE_RULE = 'El número debe tener entre 8 y 15 dígitos'

/** What a person may write between the digits: spaces, dashes (any), dots, parentheses. */
const SEPARATORS = /[\s\-\u2010-\u2015.()]/g

/**
 * A customer's phone in its one canonical form (issue #39; DESIGN "Data rules"): the country
 * code and the number, digits only (E.164 without its '+', which every reader adds back:
 * `formatPhone`, `telHref`, wa.me). Guatemala: 502 and the 8 digits, however it was written
 * ('5555-1234', '+502 5555 1234', '00502…', '011502…'); another country: its code and digits.
 * Null when it is not a phone: anything but digits, one leading '+' and separators; not 8 to 15
 * digits once a prefix is taken off; or a country code starting with 0.
 *
 * Orders, customers and per-phone promotion limits all compare this form, and the migration
 * `canonical_phones` rewrites stored rows by the same rule (its SQL mirrors this function; the
 * test runs both on the same values). Its own canonical form is itself.
 */
export function canonicalPhone(typed: string): string | null {
  const compact = typed.replace(SEPARATORS, '')
  const match = /^(\+?)(\d+)$/.exec(compact)
  if (!match) return null
  let digits = match[2] ?? ''
  // Without '+', an international call's prefix says a country code follows: 00 (most of the world) or 011 (North America).
  if (match[1] === '') digits = digits.startsWith('011') ? digits.slice(3) : digits.startsWith('00') ? digits.slice(2) : digits
  // Eight digits are a Guatemalan number (the country's numbers have 8 digits and no trunk prefix).
  if (digits.length === 8) digits = `502${digits}`
  return /^[1-9]\d{8,14}$/.test(digits) ? digits : null
}
