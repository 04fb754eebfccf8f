/**
 * Shows a stored chat number for people: Guatemalan numbers (502 + 8 digits)
 * as "+502 1234 5678"; any other country as "+" followed by its digits.
 */
export function formatPhone(digits: string): string {
  const d = digits.replace(/\D/g, '')
  if (d.length === 11 && d.startsWith('502')) return `+502 ${d.slice(3, 7)} ${d.slice(7)}`
  return `+${d}`
}
