/**
 * What a code's link may say before the cart has anything (issue 40 item 2): the conditions that
 * do not depend on the cart, judged by the cart's own rule and in its words (`codeProblemAt`),
 * the link's title ('aplicado' only when it applies now), and whether a code asks for the phone.
 */
import { describe, expect, test } from 'bun:test'
import { type Promotion, codeLinkTitle, codeNeedsPhone, codeProblemAt } from './promotions'
import { MINUTES_PER_DAY, dayNumber, minutesOf } from './store-hours'

/** A wall-clock minute on the restaurant's clock. 2026-12-01 is a Tuesday. */
const at = (date: string, hhmm: string) => (dayNumber(date) ?? 0) * MINUTES_PER_DAY + minutesOf(hhmm)
const code = (over: Partial<Promotion> = {}): Promotion => ({
  id: 1, name: 'Martes', code: 'MARTES', kind: 'percent', value: 10, buy: null, free: null, appliesTo: { categories: [], productIds: [] },
  minSubtotal: null, fulfilment: 'any', startsOn: null, endsOn: null, windows: [], maxUses: null, maxUsesPerPhone: null, active: true, ...over,
})

describe('codeProblemAt', () => {
  const tuesdays = code({ windows: [{ days: [2], from: '15:00', to: '18:00' }] })
  test('inside its hours: null; outside: the cart’s words for when it applies', () => {
    expect(codeProblemAt(tuesdays, at('2026-12-01', '15:00'), 0)).toBeNull()
    expect(codeProblemAt(tuesdays, at('2026-12-04', '16:00'), 0)).toEqual({ reason: 'window', message: 'Ese código vale los martes de 15:00 a 18:00' })
    expect(codeProblemAt(tuesdays, at('2026-12-01', '18:00'), 0)?.reason).toBe('window')
  })
  test('its dates and its uses in all', () => {
    expect(codeProblemAt(code({ endsOn: '2026-11-30' }), at('2026-12-01', '10:00'), 0)).toEqual({ reason: 'expired', message: 'Ese código ya venció' })
    expect(codeProblemAt(code({ startsOn: '2026-12-02' }), at('2026-12-01', '10:00'), 0)?.message).toBe('Ese código vale desde el 2 de diciembre')
    expect(codeProblemAt(code({ maxUses: 3 }), at('2026-12-01', '10:00'), 2)).toBeNull()
    expect(codeProblemAt(code({ maxUses: 3 }), at('2026-12-01', '10:00'), 3)).toEqual({ reason: 'exhausted', message: 'Ese código ya se agotó' })
  })
  test('what depends on the cart is not judged here (a minimum, delivery only, a phone)', () => {
    expect(codeProblemAt(code({ minSubtotal: 500, fulfilment: 'delivery', maxUsesPerPhone: 1 }), at('2026-12-01', '10:00'), 0)).toBeNull()
  })
})

test("the link's title says 'aplicado' only when it applies", () => {
  expect(codeLinkTitle('MARTES', '10% en todo el pedido', true)).toBe('Código MARTES aplicado: 10% en todo el pedido')
  expect(codeLinkTitle('MARTES', '10% en todo el pedido', false)).toBe('Código MARTES: 10% en todo el pedido')
})

test('codeNeedsPhone: an active code limited per phone, matched as typed', () => {
  const promotions = [code({ id: 1, code: 'HOLA', maxUsesPerPhone: 1 }), code({ id: 2, code: 'MARTES' }), code({ id: 3, code: 'PAUSA', maxUsesPerPhone: 1, active: false })]
  expect(codeNeedsPhone(promotions, ' hola')).toBe(true)
  expect(codeNeedsPhone(promotions, 'MARTES')).toBe(false)
  expect(codeNeedsPhone(promotions, 'PAUSA')).toBe(false)
  expect(codeNeedsPhone(promotions, null)).toBe(false)
  expect(codeNeedsPhone(promotions, '')).toBe(false)
})
