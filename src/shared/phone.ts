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
