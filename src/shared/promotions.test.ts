/**
 * The promotions rule (promotions.ts): what each kind takes off and how it is rounded and
 * spread, how the code, the best automatic promotion and free delivery stack, every refusal a
 * customer can read, and the invariants that must hold for any cart and any promotions
 * (fast-check): a discount never exceeds what it applies to, no line goes below 0, the lines
 * minus the discounts plus the fee are the total, the total never goes below the fee.
 */
import { describe, expect, test } from 'bun:test'
import fc from 'fast-check'
import {
  type PromotionLine,
  type PromotionUses,
  type PromotionsInput,
  type PromotionsResult,
  applyPromotions,
  codeAppliedText,
  inForceOn,
  promotionDescription,
  promotionSummary,
  spread,
  windowsPhrase,
} from './promotions'
import type { Promotion } from './schemas/promotion'
import { MINUTES_PER_DAY, dayNumber, minutesOf } from './store-hours'

/** A wall-clock minute on the restaurant's clock. 2026-12-01 is a Tuesday. */
const at = (date: string, hhmm: string) => (dayNumber(date) ?? 0) * MINUTES_PER_DAY + minutesOf(hhmm)
const TUESDAY_NOON = at('2026-12-01', '12:00')

const promo = (id: number, over: Partial<Promotion> = {}): Promotion => ({
  id,
  name: `Promo ${id}`,
  code: null,
  kind: 'percent',
  value: 10,
  buy: null,
  free: null,
  appliesTo: { categories: [], productIds: [] },
  minSubtotal: null,
  fulfilment: 'any',
  startsOn: null,
  endsOn: null,
  windows: [],
  maxUses: null,
  maxUsesPerPhone: null,
  active: true,
  ...over,
})
const line = (productId: number, category: string, price: number, quantity = 1): PromotionLine => ({ productId, category, price, quantity, lineTotal: price * quantity })
const plate = (price = 100, quantity = 1) => line(1, 'chilaquiles', price, quantity)
const horchata = (quantity = 1) => line(20, 'bebidas', 25, quantity)
const jamaica = (quantity = 1) => line(21, 'bebidas', 15, quantity)

const run = (over: Partial<PromotionsInput>): PromotionsResult =>
  applyPromotions({ lines: [plate()], deliveryFee: 0, fulfilment: 'pickup', at: TUESDAY_NOON, phone: null, code: null, promotions: [], uses: new Map(), ...over })
const ok = (result: PromotionsResult) => {
  if (!result.ok) throw new Error(`refused: ${result.refusal.message}`)
  return result
}
const refusal = (result: PromotionsResult) => (result.ok ? null : result.refusal.message)
const martes = (over: Partial<Promotion> = {}) => promo(1, { name: 'Martes de bebidas', code: 'MARTES', kind: 'buyXgetY', value: null, buy: 2, free: 1, appliesTo: { categories: ['bebidas'], productIds: [] }, ...over })

describe('percent and amount: whole quetzales, spread in proportion', () => {
  test('a percentage is rounded down on what it applies to (10% of Q29 is Q2)', () => {
    const result = ok(run({ lines: [line(1, 'x', 15), line(2, 'x', 14)], promotions: [promo(1)] }))
    expect(result.discounts[0]?.amount).toBe(2)
    expect(result.discounts[0]?.perLine).toEqual([2, 0]) // shares 1 and 0, the remainder on the larger line
    expect(result.totals).toEqual({ subtotal: 29, itemsDiscount: 2, deliveryDiscount: 0, discount: 2, deliveryFee: 0, total: 27 })
  })

  test('each share is rounded down and the remainder goes on the largest line', () => {
    // 10% of 185 = 18; shares 9.7, 4.9, 3.4 → 9, 4, 3 = 16; the 2 left go to the Q100 line.
    const result = ok(run({ lines: [line(1, 'x', 50), line(2, 'x', 100), line(3, 'x', 35)], promotions: [promo(1)] }))
    expect(result.discounts[0]?.perLine).toEqual([4, 11, 3])
    expect(result.totals.total).toBe(167)
  })

  test('a remainder larger than the largest line has room for moves on to the next largest', () => {
    expect(spread(99, [34, 33, 33])).toEqual([34, 33, 32])
    const result = ok(run({ lines: [line(1, 'x', 34), line(2, 'x', 33), line(3, 'x', 33)], promotions: [promo(1, { value: 99 })] }))
    expect(result.discounts[0]?.perLine).toEqual([34, 33, 32])
  })

  test('spread: never more than there is, zero for nothing, ties on the largest go to the earlier line', () => {
    expect(spread(500, [10, 20])).toEqual([10, 20])
    expect(spread(0, [10, 20])).toEqual([0, 0])
    expect(spread(5, [0, 0])).toEqual([0, 0])
    expect(spread(1, [10, 10])).toEqual([1, 0])
  })

  test('100% takes exactly the eligible lines, nothing else', () => {
    const result = ok(run({ lines: [plate(), horchata(2)], promotions: [promo(1, { value: 100, appliesTo: { categories: ['bebidas'], productIds: [] } })] }))
    expect(result.discounts[0]?.perLine).toEqual([0, 50])
    expect(result.totals.total).toBe(100)
  })

  test('an amount is spread likewise and capped at what it applies to', () => {
    const spreadOut = ok(run({ lines: [line(1, 'x', 100), line(2, 'x', 50)], promotions: [promo(1, { kind: 'amount', value: 50 })] }))
    expect(spreadOut.discounts[0]?.perLine).toEqual([34, 16])
    const capped = ok(run({ lines: [plate(), jamaica(2)], promotions: [promo(1, { kind: 'amount', value: 100, appliesTo: { categories: ['bebidas'], productIds: [] } })] }))
    expect(capped.discounts[0]).toMatchObject({ amount: 30, perLine: [0, 30], onDelivery: 0 })
  })

  test('a restriction by product counts with one by category (either makes a line eligible)', () => {
    const p = promo(1, { value: 50, appliesTo: { categories: ['bebidas'], productIds: [1] } })
    const result = ok(run({ lines: [plate(), line(5, 'postres', 30), jamaica()], promotions: [p] }))
    expect(result.discounts[0]?.perLine).toEqual([50, 0, 7])
  })

  test('a line typed by hand (no product) counts only for whole-order promotions', () => {
    const loose: PromotionLine = { price: 40, quantity: 1, lineTotal: 40 }
    expect(ok(run({ lines: [loose], promotions: [promo(1, { value: 50 })] })).totals.total).toBe(20)
    expect(ok(run({ lines: [loose], promotions: [promo(1, { value: 50, appliesTo: { categories: ['bebidas'], productIds: [] } })] })).discounts).toEqual([])
  })
})

describe('buy X get Y: the cheapest eligible units, in groups as bought', () => {
  const dosPorUno = (over: Partial<Promotion> = {}) => promo(1, { kind: 'buyXgetY', value: null, buy: 2, free: 1, appliesTo: { categories: ['bebidas'], productIds: [] }, ...over })
  const takes = (lines: PromotionLine[], over: Partial<Promotion> = {}) => ok(run({ lines, promotions: [dosPorUno(over)] })).discounts[0]?.perLine ?? lines.map(() => 0)

  test('a pair of the same drink: one free', () => {
    expect(takes([horchata(2)])).toEqual([25])
  })

  test('3 bought: 1 free; 4 bought: 2 free; 1 bought: nothing', () => {
    expect(takes([horchata(3)])).toEqual([25])
    expect(takes([horchata(4)])).toEqual([50])
    expect(ok(run({ lines: [horchata(1)], promotions: [dosPorUno()] })).discounts).toEqual([])
  })

  test('mixed prices: the cheaper is the free one', () => {
    expect(takes([horchata(), jamaica()])).toEqual([0, 15])
    // 25, 25, 15, 15: two free, both Q15.
    expect(takes([horchata(2), jamaica(2)])).toEqual([0, 30])
    // 25, 15, 15 bought: one free, a Q15.
    expect(takes([jamaica(2), horchata()])).toEqual([15, 0])
  })

  test('units of lines it does not name are not counted', () => {
    expect(ok(run({ lines: [plate(), horchata()], promotions: [dosPorUno()] })).discounts).toEqual([])
    expect(takes([plate(), horchata(), jamaica()])).toEqual([0, 0, 15])
  })

  test('a 3x2: of every 3 units, the cheapest 1 is free', () => {
    expect(takes([horchata(5), jamaica()], { buy: 3, free: 1 })).toEqual([25, 15])
    expect(takes([horchata(6)], { buy: 3, free: 1 })).toEqual([50])
  })

  test('a 2x1 on the whole order (nothing named) takes the cheapest units of any line', () => {
    expect(takes([plate(), jamaica()], { appliesTo: { categories: [], productIds: [] } })).toEqual([0, 15])
  })
})

describe('stacking: one code, the best automatic, free delivery', () => {
  const envioGratis = promo(3, { name: 'Envío gratis', kind: 'freeDelivery', value: null, minSubtotal: 100 })
  const diezPorCiento = promo(2, { name: '10% todo' })

  test('code + automatic + free delivery: each on what the ones before left', () => {
    const result = ok(
      run({ lines: [plate(), horchata(2)], fulfilment: 'delivery', deliveryFee: 15, code: 'martes', promotions: [martes(), diezPorCiento, envioGratis] }),
    )
    expect(result.code).toBe('MARTES')
    expect(result.discounts).toEqual([
      { promotionId: 1, name: 'Martes de bebidas', code: 'MARTES', kind: 'buyXgetY', amount: 25, perLine: [0, 25], onDelivery: 0 },
      // 10% of what is left (100 + 25 = 125) = 12: 10 on the plate (9.6 → 9, +1 remainder), 2 on the drinks.
      { promotionId: 2, name: '10% todo', code: null, kind: 'percent', amount: 12, perLine: [10, 2], onDelivery: 0 },
      { promotionId: 3, name: 'Envío gratis', code: null, kind: 'freeDelivery', amount: 15, perLine: [0, 0], onDelivery: 15 },
    ])
    expect(result.totals).toEqual({ subtotal: 150, itemsDiscount: 37, deliveryDiscount: 15, discount: 52, deliveryFee: 0, total: 113 })
  })

  test('stacked discounts never take a line below 0; the total never goes below the fee', () => {
    const half = promo(1, { code: 'MITAD', value: 50 })
    const hundred = promo(2, { kind: 'amount', value: 100 })
    const result = ok(run({ lines: [plate()], fulfilment: 'delivery', deliveryFee: 20, code: 'MITAD', promotions: [half, hundred] }))
    expect(result.discounts.map((d) => d.amount)).toEqual([50, 50])
    expect(result.totals).toMatchObject({ itemsDiscount: 100, deliveryFee: 20, total: 20 })
  })

  test('only ONE automatic promotion on the lines: the one that gives most', () => {
    const quince = promo(4, { name: 'Q15 menos', kind: 'amount', value: 15 })
    expect(ok(run({ lines: [plate()], promotions: [diezPorCiento, quince] })).discounts.map((d) => d.promotionId)).toEqual([4])
    expect(ok(run({ lines: [plate(200)], promotions: [diezPorCiento, quince] })).discounts.map((d) => d.promotionId)).toEqual([2])
  })

  test('a tie goes to the lowest id, whatever the order given', () => {
    const a = promo(7, { kind: 'amount', value: 10 })
    const b = promo(5, { kind: 'amount', value: 10 })
    expect(ok(run({ promotions: [a, b] })).discounts.map((d) => d.promotionId)).toEqual([5])
  })

  test('free delivery adds to the code; the fee is taken once', () => {
    const envioCode = promo(8, { code: 'ENVIO', kind: 'freeDelivery', value: null })
    const result = ok(run({ lines: [plate(150)], fulfilment: 'delivery', deliveryFee: 15, code: 'envio', promotions: [envioCode, diezPorCiento, envioGratis] }))
    // Free delivery applies last, after the percentage, even when it is the code.
    expect(result.discounts.map((d) => [d.promotionId, d.amount])).toEqual([
      [2, 15],
      [8, 15],
    ])
    expect(result.totals).toMatchObject({ deliveryFee: 0, total: 135 })
  })

  test('free delivery does nothing on a pickup and is skipped silently when automatic', () => {
    expect(ok(run({ lines: [plate(150)], fulfilment: 'pickup', promotions: [envioGratis] })).discounts).toEqual([])
    expect(ok(run({ lines: [plate(90)], fulfilment: 'delivery', deliveryFee: 15, promotions: [envioGratis] })).totals.deliveryFee).toBe(15)
    expect(ok(run({ lines: [plate(100)], fulfilment: 'delivery', deliveryFee: 15, promotions: [envioGratis] })).totals.deliveryFee).toBe(0)
  })

  test('a code that takes nothing from this cart yet is accepted and records nothing', () => {
    const result = ok(run({ lines: [plate(), horchata()], code: 'MARTES', promotions: [martes()] }))
    expect(result.code).toBe('MARTES')
    expect(result.discounts).toEqual([])
    expect(result.totals.total).toBe(125)
  })

  test('an automatic promotion whose conditions do not hold is skipped without a word', () => {
    const result = ok(run({ promotions: [promo(1, { minSubtotal: 200 }), promo(2, { maxUsesPerPhone: 1 }), promo(3, { active: false }), promo(4, { maxUses: 3 })], uses: new Map([[4, { total: 3, byPhone: 0 }]]) }))
    expect(result.discounts).toEqual([])
    expect(result.code).toBeNull()
  })

  test('an inactive promotion is not found by its code; no code typed is no refusal', () => {
    expect(refusal(run({ code: 'MARTES', promotions: [martes({ active: false })] }))).toBe('Ese código no existe')
    expect(ok(run({ code: '   ', promotions: [] })).code).toBeNull()
  })
})

describe('promotions follow one another: units given free first, then percentages and amounts, then free delivery', () => {
  // Issue #39/#40 at Q20 a Horchata: two of them are Q40.
  const h20 = (quantity = 2) => line(20, 'bebidas', 20, quantity)
  const dosPorUno = (id: number, over: Partial<Promotion> = {}) =>
    promo(id, { name: '2x1 en bebidas', kind: 'buyXgetY', value: null, buy: 2, free: 1, appliesTo: { categories: ['bebidas'], productIds: [] }, ...over })
  const viernes = (id: number, over: Partial<Promotion> = {}) => promo(id, { name: 'Viernes', code: 'VIERNES15', value: 15, ...over })
  const amounts = (result: PromotionsResult) => ok(result).discounts.map((d) => [d.name, d.amount])

  test('a 2x1 code and an automatic 2x1 on the same two Horchatas free one of them, not both (Q20, not Q0)', () => {
    const result = ok(run({ lines: [h20()], code: 'DOSX1', promotions: [dosPorUno(1, { code: 'DOSX1', name: 'Código 2x1' }), dosPorUno(2)] }))
    expect(result.discounts.map((d) => [d.name, d.amount])).toEqual([['Código 2x1', 20]])
    expect(result.totals.total).toBe(20)
  })

  test('VIERNES15 and a 2x1 on two Horchatas: 2x1 -Q20 first, then 15% of the Q20 left = -Q3, Q17 (not -Q6 and -Q20 = Q14)', () => {
    const result = ok(run({ lines: [h20()], code: 'viernes15', promotions: [viernes(1), dosPorUno(2)] }))
    expect(result.discounts.map((d) => [d.name, d.amount])).toEqual([
      ['2x1 en bebidas', 20],
      ['Viernes', 3],
    ])
    expect(result.totals.total).toBe(17)
    // The same when the 2x1 is the code and the percentage automatic.
    expect(amounts(run({ lines: [h20()], code: 'DOSX1', promotions: [dosPorUno(1, { code: 'DOSX1' }), promo(2, { name: '15%', value: 15 })] }))).toEqual([
      ['2x1 en bebidas', 20],
      ['15%', 3],
    ])
  })

  test('a second 2x1 counts only the units still paid for: of 4 Horchatas the code frees 2, the automatic 1 of the 2 left', () => {
    const result = ok(run({ lines: [h20(4)], code: 'DOSX1', promotions: [dosPorUno(1, { code: 'DOSX1', name: 'Código 2x1' }), dosPorUno(2)] }))
    expect(result.discounts.map((d) => [d.name, d.amount])).toEqual([
      ['Código 2x1', 40],
      ['2x1 en bebidas', 20],
    ])
  })

  test('free delivery comes last, whoever gives it', () => {
    const envio = promo(1, { name: 'Envío', code: 'ENVIO', kind: 'freeDelivery', value: null })
    const result = ok(run({ lines: [h20()], fulfilment: 'delivery', deliveryFee: 15, code: 'ENVIO', promotions: [envio, dosPorUno(2)] }))
    expect(result.discounts.map((d) => [d.name, d.amount])).toEqual([
      ['2x1 en bebidas', 20],
      ['Envío', 15],
    ])
    expect(result.totals.total).toBe(20)
  })

  test('the automatic promotion that gives most is chosen on the order\'s lines, before the code applies', () => {
    // On the lines as ordered: 10% of Q130 = 13 beats Q10 off the drinks; then, after the 50% code on the plate, it gives 10% of Q80 = 8.
    const code = promo(1, { code: 'PLATO', value: 50, appliesTo: { categories: ['chilaquiles'], productIds: [] } })
    const diez = promo(2, { name: '10% todo' })
    const drinks = promo(9, { kind: 'amount', value: 10, appliesTo: { categories: ['bebidas'], productIds: [] } })
    const result = ok(run({ lines: [plate(), jamaica(2)], code: 'PLATO', promotions: [code, diez, drinks] }))
    expect(result.discounts.map((d) => [d.promotionId, d.amount])).toEqual([
      [1, 50],
      [2, 8],
    ])
  })
})

describe('a code that does not apply says why', () => {
  const base = { lines: [plate(), horchata(2)], code: 'Martes ' }
  const why = (over: Partial<Promotion>, input: Partial<PromotionsInput> = {}) => refusal(run({ ...base, promotions: [martes(over)], ...input }))

  test('matched case-insensitively and trimmed; an unknown one does not exist', () => {
    expect(why({})).toBeNull()
    expect(refusal(run({ ...base, code: 'MIERCOLES', promotions: [martes()] }))).toBe('Ese código no existe')
    // An automatic promotion has no code to type.
    expect(refusal(run({ ...base, code: 'MARTES', promotions: [martes({ code: null })] }))).toBe('Ese código no existe')
  })

  test('dates are inclusive, on the order’s day', () => {
    expect(why({ endsOn: '2026-11-30' })).toBe('Ese código ya venció')
    expect(why({ endsOn: '2026-12-01' })).toBeNull()
    expect(why({ startsOn: '2026-12-01' })).toBeNull()
    expect(why({ startsOn: '2026-12-02' })).toBe('Ese código vale desde el 2 de diciembre')
    expect(why({ startsOn: '2027-01-01' })).toBe('Ese código vale desde el 1 de enero de 2027')
    // An order for later is judged on the day it is for.
    expect(why({ startsOn: '2026-12-02' }, { at: at('2026-12-02', '09:00') })).toBeNull()
  })

  test('weekly windows, judged at the order’s time, [from, to)', () => {
    const tuesdays = { windows: [{ days: [2], from: '15:00', to: '18:00' }] }
    expect(why(tuesdays)).toBe('Ese código vale los martes de 15:00 a 18:00')
    expect(why(tuesdays, { at: at('2026-12-01', '15:00') })).toBeNull()
    expect(why(tuesdays, { at: at('2026-12-01', '17:59') })).toBeNull()
    expect(why(tuesdays, { at: at('2026-12-01', '18:00') })).toBe('Ese código vale los martes de 15:00 a 18:00')
    expect(why(tuesdays, { at: at('2026-12-08', '16:00') })).toBeNull()
  })

  test('a window past midnight belongs to the night it starts on', () => {
    const saturdayNight = { windows: [{ days: [6], from: '22:00', to: '02:00' }] } // 2026-12-05 is a Saturday
    expect(why(saturdayNight, { at: at('2026-12-05', '23:30') })).toBeNull()
    expect(why(saturdayNight, { at: at('2026-12-06', '01:59') })).toBeNull()
    expect(why(saturdayNight, { at: at('2026-12-06', '02:00') })).toBe('Ese código vale los sábados de 22:00 a 2:00')
    expect(why(saturdayNight, { at: at('2026-12-06', '23:30') })).toBe('Ese código vale los sábados de 22:00 a 2:00')
  })

  test('pickup or delivery', () => {
    expect(why({ fulfilment: 'delivery' })).toBe('Ese código es solo para entregas a domicilio')
    expect(why({ fulfilment: 'delivery' }, { fulfilment: 'delivery', deliveryFee: 15 })).toBeNull()
    expect(why({ fulfilment: 'pickup' }, { fulfilment: 'delivery', deliveryFee: 15 })).toBe('Ese código es solo para recoger en el local')
    expect(why({ kind: 'freeDelivery', buy: null, free: null })).toBe('Ese código es solo para entregas a domicilio')
  })

  test('the minimum is on the subtotal before discounts', () => {
    expect(why({ minSubtotal: 151 })).toBe('Ese código pide un pedido mínimo de Q151')
    expect(why({ minSubtotal: 150 })).toBeNull()
  })

  test('uses in all, and per phone', () => {
    const uses = (total: number, byPhone: number) => new Map<number, PromotionUses>([[1, { total, byPhone }]])
    expect(why({ maxUses: 5 }, { uses: uses(5, 0) })).toBe('Ese código ya se agotó')
    expect(why({ maxUses: 5 }, { uses: uses(4, 0) })).toBeNull()
    expect(why({ maxUsesPerPhone: 1 })).toBe('Ese código pide tu WhatsApp')
    expect(why({ maxUsesPerPhone: 1 }, { phone: '50212345678', uses: uses(3, 1) })).toBe('Ya usaste este código')
    expect(why({ maxUsesPerPhone: 2 }, { phone: '50212345678', uses: uses(3, 1) })).toBeNull()
  })

  test('a refusal carries its reason for the operator’s counts', () => {
    const result = run({ ...base, promotions: [martes({ maxUses: 1 })], uses: new Map([[1, { total: 1, byPhone: 0 }]]) })
    expect(result).toEqual({ ok: false, refusal: { reason: 'exhausted', message: 'Ese código ya se agotó' } })
  })
})

describe('words for the storefront', () => {
  const names = { categories: new Map([['bebidas', 'Bebidas'], ['postres', 'Postres']]), products: new Map([[7, 'Chilaquiles Supremos']]) }
  const allTuesday = [{ days: [2], from: '00:00', to: '23:59' }]

  test('descriptions', () => {
    expect(promotionDescription(martes({ code: null, windows: allTuesday }), names)).toBe('2x1 en bebidas los martes')
    expect(promotionDescription(promo(1))).toBe('10% en todo el pedido')
    expect(promotionDescription(promo(1, { kind: 'freeDelivery', value: null, minSubtotal: 150 }))).toBe('Envío gratis desde Q150')
    expect(promotionDescription(promo(1, { kind: 'amount', value: 20, appliesTo: { categories: ['postres'], productIds: [7] } }), names)).toBe(
      'Q20 de descuento en postres y Chilaquiles Supremos',
    )
    expect(promotionDescription(promo(1, { kind: 'buyXgetY', value: null, buy: 3, free: 1, fulfilment: 'pickup' }))).toBe('3x2 en todo el pedido al recoger en el local')
    expect(promotionSummary(martes())).toBe('2x1 en bebidas') // no names given: the slug
  })

  test('the code applied', () => {
    expect(codeAppliedText(martes({ windows: allTuesday }), names)).toBe('Código MARTES aplicado: 2x1 en bebidas')
  })

  test('windows in Spanish', () => {
    expect(windowsPhrase([{ days: [1, 2, 3, 4, 5], from: '07:00', to: '11:00' }])).toBe('de lunes a viernes de 7:00 a 11:00')
    expect(windowsPhrase([{ days: [0, 6], from: '00:00', to: '23:59' }])).toBe('los sábados y domingos')
    expect(windowsPhrase([{ days: [0, 1, 2, 3, 4, 5, 6], from: '15:00', to: '18:00' }])).toBe('todos los días de 15:00 a 18:00')
    expect(windowsPhrase([{ days: [2], from: '15:00', to: '18:00' }, { days: [4], from: '15:00', to: '18:00' }, { days: [6], from: '10:00', to: '12:00' }])).toBe(
      'los martes y jueves de 15:00 a 18:00 y los sábados de 10:00 a 12:00',
    )
  })

  test('in force on a day: active, within its dates, on one of its windows’ days', () => {
    expect(inForceOn(martes({ windows: allTuesday }), '2026-12-01')).toBe(true)
    expect(inForceOn(martes({ windows: allTuesday }), '2026-12-02')).toBe(false)
    expect(inForceOn(martes({ endsOn: '2026-11-30' }), '2026-12-01')).toBe(false)
    expect(inForceOn(martes({ startsOn: '2026-12-01', endsOn: '2026-12-01' }), '2026-12-01')).toBe(true)
    expect(inForceOn(martes({ active: false }), '2026-12-01')).toBe(false)
  })
})

describe('invariants, for any cart and any promotions (fast-check)', () => {
  const lineArb = fc.record({
    productId: fc.integer({ min: 1, max: 5 }),
    category: fc.constantFrom('chilaquiles', 'bebidas', 'postres'),
    price: fc.integer({ min: 0, max: 200 }),
    quantity: fc.integer({ min: 1, max: 12 }),
  })
  const promoArb = fc
    .record({
      kind: fc.constantFrom('percent', 'amount', 'freeDelivery', 'buyXgetY') as fc.Arbitrary<Promotion['kind']>,
      percent: fc.integer({ min: 1, max: 100 }),
      amount: fc.integer({ min: 1, max: 500 }),
      buy: fc.integer({ min: 2, max: 5 }),
      free: fc.integer({ min: 1, max: 4 }),
      categories: fc.subarray(['chilaquiles', 'bebidas', 'postres']),
      productIds: fc.subarray([1, 2, 3, 4, 5]),
      minSubtotal: fc.option(fc.integer({ min: 0, max: 400 }), { nil: null }),
      coded: fc.boolean(),
    })
    .map(
      (r): Omit<Promotion, 'id'> => ({
        ...promo(0),
        code: r.coded ? 'X' : null,
        kind: r.kind,
        value: r.kind === 'percent' ? r.percent : r.kind === 'amount' ? r.amount : null,
        buy: r.kind === 'buyXgetY' ? r.buy : null,
        free: r.kind === 'buyXgetY' ? Math.min(r.free, r.buy - 1) : null,
        appliesTo: { categories: r.categories, productIds: r.productIds },
        minSubtotal: r.minSubtotal,
      }),
    )
  const scenario = fc.record({
    lines: fc.array(lineArb, { maxLength: 8 }),
    promotions: fc.array(promoArb, { maxLength: 5 }),
    delivery: fc.boolean(),
    fee: fc.integer({ min: 0, max: 60 }),
    typed: fc.option(fc.nat(), { nil: null }),
  })
  type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never
  /** Whether a line counts for a promotion, said independently of the rule. */
  const counts = (p: Promotion, l: PromotionLine) =>
    (p.appliesTo.categories.length === 0 && p.appliesTo.productIds.length === 0) || p.appliesTo.categories.includes(l.category ?? '') || p.appliesTo.productIds.includes(l.productId ?? 0)
  const build = (s: Scenario) => {
    const promotions = s.promotions.map((p, i) => ({ ...p, id: i + 1, code: p.code === null ? null : `CODE${i + 1}` }))
    const coded = promotions.filter((p) => p.code !== null)
    const code = s.typed === null || coded.length === 0 ? null : (coded[s.typed % coded.length]?.code ?? null)
    const input: PromotionsInput = {
      lines: s.lines.map((l) => ({ ...l, lineTotal: l.price * l.quantity })),
      deliveryFee: s.delivery ? s.fee : 0,
      fulfilment: s.delivery ? 'delivery' : 'pickup',
      at: TUESDAY_NOON,
      phone: '50212345678',
      code,
      promotions,
      uses: new Map(),
    }
    return { input, promotions }
  }

  test('a discount never exceeds what it applies to; no line goes below 0; the lines, discounts and fee add up to the total', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const { input, promotions } = build(s)
        const result = applyPromotions(input)
        if (!result.ok) {
          // Only a code's conditions refuse here: the minimum or a free delivery on a pickup.
          expect(['minimum', 'fulfilment']).toContain(result.refusal.reason)
          return
        }
        const subtotal = input.lines.reduce((sum, l) => sum + l.lineTotal, 0)
        const taken = input.lines.map(() => 0)
        let onDelivery = 0
        for (const d of result.discounts) {
          const p = promotions.find((x) => x.id === d.promotionId)
          if (!p) throw new Error('a discount from nowhere')
          expect(d.perLine).toHaveLength(input.lines.length)
          expect(d.amount).toBeGreaterThan(0)
          expect(d.amount).toBe(d.perLine.reduce((a, b) => a + b, 0) + d.onDelivery)
          for (const [i, amount] of d.perLine.entries()) {
            expect(Number.isInteger(amount) && amount >= 0).toBe(true)
            const l = input.lines[i]
            if (l && !counts(p, l)) expect(amount).toBe(0)
            taken[i] = (taken[i] ?? 0) + amount
          }
          const eligible = input.lines.reduce((sum, l) => sum + (counts(p, l) ? l.lineTotal : 0), 0)
          const onLines = d.amount - d.onDelivery
          expect(onLines).toBeLessThanOrEqual(eligible)
          if (p.kind === 'percent') expect(onLines).toBeLessThanOrEqual(Math.floor((eligible * (p.value ?? 0)) / 100))
          if (p.kind === 'amount') expect(onLines).toBeLessThanOrEqual(p.value ?? 0)
          if (p.kind !== 'freeDelivery') expect(d.onDelivery).toBe(0)
          onDelivery += d.onDelivery
        }
        for (const [i, l] of input.lines.entries()) expect(taken[i] ?? 0).toBeLessThanOrEqual(l.lineTotal)
        expect(onDelivery).toBeLessThanOrEqual(input.deliveryFee)

        const t = result.totals
        for (const v of Object.values(t)) expect(Number.isInteger(v)).toBe(true)
        expect(t.subtotal).toBe(subtotal)
        expect(t.discount).toBe(result.discounts.reduce((sum, d) => sum + d.amount, 0))
        expect(t.deliveryFee).toBe(input.deliveryFee - onDelivery)
        expect(t.total).toBe(input.lines.reduce((sum, l, i) => sum + l.lineTotal - (taken[i] ?? 0), 0) + t.deliveryFee)
        expect(t.total).toBe(subtotal + input.deliveryFee - t.discount)
        expect(t.total).toBeGreaterThanOrEqual(t.deliveryFee)
        expect(t.deliveryFee).toBeGreaterThanOrEqual(0)

        // One code, one automatic on the lines, the fee taken once.
        expect(result.discounts.filter((d) => d.code !== null).length).toBeLessThanOrEqual(1)
        expect(result.discounts.filter((d) => d.code === null && d.kind !== 'freeDelivery').length).toBeLessThanOrEqual(1)
        expect(result.discounts.filter((d) => d.onDelivery > 0).length).toBeLessThanOrEqual(1)
      }),
      { numRuns: 500 },
    )
  })

  test('one after another: a unit is free once, a discount takes only what the ones before left, never more than the subtotal and the fee', () => {
    const STAGE: Record<Promotion['kind'], number> = { buyXgetY: 0, percent: 1, amount: 1, freeDelivery: 2 }
    // Prices from Q1, so that the units a 2x1 frees read back from what it took (perLine / price).
    const paidLines = scenario.map((s) => ({ ...s, lines: s.lines.map((l) => ({ ...l, price: Math.max(1, l.price) })) }))
    fc.assert(
      fc.property(paidLines, (s) => {
        const { input, promotions } = build(s)
        const result = applyPromotions(input)
        if (!result.ok) return
        const left = input.lines.map((l) => l.lineTotal)
        const freed = input.lines.map(() => 0)
        let stage = 0
        for (const d of result.discounts) {
          const p = promotions.find((x) => x.id === d.promotionId)
          if (!p) throw new Error('a discount from nowhere')
          // Units given free first, then percentages and amounts, then free delivery.
          expect(STAGE[p.kind]).toBeGreaterThanOrEqual(stage)
          stage = STAGE[p.kind]
          const eligibleLeft = input.lines.reduce((sum, l, i) => sum + (counts(p, l) ? (left[i] ?? 0) : 0), 0)
          const onLines = d.amount - d.onDelivery
          expect(onLines).toBeLessThanOrEqual(eligibleLeft)
          if (p.kind === 'percent') expect(onLines).toBeLessThanOrEqual(Math.floor((eligibleLeft * (p.value ?? 0)) / 100))
          if (p.kind === 'buyXgetY') {
            // Whole units, of those still paid for, `free` of every `buy` of them.
            const paid = input.lines.reduce((sum, l, i) => sum + (counts(p, l) ? l.quantity - (freed[i] ?? 0) : 0), 0)
            let units = 0
            for (const [i, amount] of d.perLine.entries()) {
              const l = input.lines[i]!
              expect(amount % l.price).toBe(0)
              freed[i] = (freed[i] ?? 0) + amount / l.price
              units += amount / l.price
              expect(freed[i]).toBeLessThanOrEqual(l.quantity)
            }
            expect(units).toBeLessThanOrEqual(Math.floor(paid / (p.buy ?? 1)) * (p.free ?? 0))
          }
          for (const [i, amount] of d.perLine.entries()) left[i] = (left[i] ?? 0) - amount
        }
        expect(result.totals.discount).toBeLessThanOrEqual(result.totals.subtotal + input.deliveryFee)
      }),
      { numRuns: 800 },
    )
  })

  test('alone, a buy-X-get-Y gives exactly the cheapest eligible units, `free` of every `buy`', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 8 }), fc.integer({ min: 2, max: 5 }), fc.integer({ min: 1, max: 4 }), (raw, buy, f) => {
        const free = Math.min(f, buy - 1)
        const lines = raw.map((l) => ({ ...l, lineTotal: l.price * l.quantity }))
        const p = promo(1, { kind: 'buyXgetY', value: null, buy, free, appliesTo: { categories: ['bebidas'], productIds: [] } })
        const result = ok(run({ lines, promotions: [p] }))
        const units = lines.filter((l) => l.category === 'bebidas').flatMap((l) => Array.from({ length: l.quantity }, () => l.price))
        units.sort((a, b) => a - b)
        const expected = units.slice(0, Math.floor(units.length / buy) * free).reduce((a, b) => a + b, 0)
        expect(result.totals.itemsDiscount).toBe(expected)
      }),
      { numRuns: 300 },
    )
  })

  test('spread hands out exactly min(amount, rooms) with no share above its room', () => {
    fc.assert(
      fc.property(fc.nat({ max: 5000 }), fc.array(fc.nat({ max: 1000 }), { maxLength: 10 }), (amount, rooms) => {
        const shares = spread(amount, rooms)
        const total = rooms.reduce((a, b) => a + b, 0)
        expect(shares.reduce((a, b) => a + b, 0)).toBe(Math.min(amount, total))
        for (const [i, share] of shares.entries()) {
          expect(Number.isInteger(share) && share >= 0 && share <= (rooms[i] ?? 0)).toBe(true)
        }
      }),
      { numRuns: 500 },
    )
  })
})

describe('an order at a table (issue #45, decision 044)', () => {
  test("a promotion for 'pickup' applies at a table: both are served at the restaurant", () => {
    const result = ok(run({ fulfilment: 'mesa', code: 'LOCAL', promotions: [promo(1, { code: 'LOCAL', fulfilment: 'pickup' })] }))
    expect(result.totals.total).toBe(90)
  })
  test("a promotion for 'delivery' and free delivery never apply at a table, and say why", () => {
    expect(refusal(run({ fulfilment: 'mesa', code: 'CASA', promotions: [promo(1, { code: 'CASA', fulfilment: 'delivery' })] }))).toBe('Ese código es solo para entregas a domicilio')
    expect(refusal(run({ fulfilment: 'mesa', code: 'ENVIO', promotions: [promo(1, { code: 'ENVIO', kind: 'freeDelivery', value: null })] }))).toBe('Ese código es solo para entregas a domicilio')
  })
})
