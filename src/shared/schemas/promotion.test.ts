import { describe, expect, test } from 'bun:test'
import { checkoutPromoCodeSchema, promotionInputSchema } from './promotion'

const base = { name: '2x1 en bebidas', kind: 'buyXgetY', buy: 2, free: 1, appliesTo: { categories: ['bebidas'] } }
const issues = (input: unknown) => {
  const res = promotionInputSchema.safeParse(input)
  return res.success ? [] : res.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)
}

describe('promotion schema', () => {
  test('defaults: automatic, any fulfilment, no dates, no windows, unlimited, active', () => {
    expect(promotionInputSchema.parse(base)).toEqual({
      name: '2x1 en bebidas',
      code: null,
      kind: 'buyXgetY',
      value: null,
      buy: 2,
      free: 1,
      appliesTo: { categories: ['bebidas'], productIds: [] },
      minSubtotal: null,
      fulfilment: 'any',
      startsOn: null,
      endsOn: null,
      windows: [],
      maxUses: null,
      maxUsesPerPhone: null,
      active: true,
    })
  })

  test('a code is stored upper-case and trimmed; 3-20 of A-Z 0-9; null (or left out) is automatic, a blank code is refused', () => {
    expect(promotionInputSchema.parse({ ...base, code: ' martes2 ' }).code).toBe('MARTES2')
    expect(promotionInputSchema.parse({ ...base, code: null }).code).toBeNull()
    expect(promotionInputSchema.parse(base).code).toBeNull()
    // Issue #39 item 11: an owner clearing the field must not get a promotion that gives every order a discount.
    for (const bad of ['', '   ', 'AB', 'A'.repeat(21), 'MAR TES', 'MARTES!', 'CAFÉ']) {
      expect(issues({ ...base, code: bad })).toEqual(['code: El código debe tener de 3 a 20 letras o números'])
    }
  })

  test('value by kind: a percentage 1-100, an amount of Q1 or more; the other kinds drop it', () => {
    expect(issues({ name: 'x', kind: 'percent' })).toEqual(['value: El porcentaje va de 1 a 100'])
    expect(issues({ name: 'x', kind: 'percent', value: 101 })).toEqual(['value: El porcentaje va de 1 a 100'])
    expect(issues({ name: 'x', kind: 'percent', value: 12.5 })).toEqual(['value: Debe ser un número entero'])
    expect(promotionInputSchema.parse({ name: 'x', kind: 'percent', value: '10' }).value).toBe(10)
    expect(issues({ name: 'x', kind: 'amount', value: 0 })).toEqual(['value: El descuento debe ser de al menos Q1'])
    expect(promotionInputSchema.parse({ name: 'x', kind: 'amount', value: 20 }).value).toBe(20)
    expect(promotionInputSchema.parse({ name: 'x', kind: 'freeDelivery', value: 20, buy: 2, free: 1 })).toMatchObject({ value: null, buy: null, free: null })
    expect(promotionInputSchema.parse({ ...base, value: 5 }).value).toBeNull()
  })

  test('buy and free: buy 2-20, free at least 1 and fewer than buy', () => {
    expect(issues({ ...base, buy: 1 })).toEqual(['buy: Se compran de 2 a 20 unidades'])
    expect(issues({ ...base, buy: null })).toEqual(['buy: Se compran de 2 a 20 unidades'])
    expect(issues({ ...base, free: 2 })).toEqual(['free: Las gratis van de 1 a una menos de las que se compran'])
    expect(issues({ ...base, free: 0 })).toEqual(['free: Las gratis van de 1 a una menos de las que se compran'])
    expect(promotionInputSchema.parse({ ...base, buy: '3', free: '1' })).toMatchObject({ buy: 3, free: 1 })
  })

  test('appliesTo: slugs and product ids, no repeats', () => {
    expect(issues({ ...base, appliesTo: { categories: ['Bebidas'] } })).toEqual(['appliesTo.categories.0: Categoría inválida'])
    expect(issues({ ...base, appliesTo: { categories: ['bebidas', 'bebidas'] } })).toEqual(['appliesTo.categories: Categoría repetida'])
    expect(issues({ ...base, appliesTo: { productIds: [3, 3] } })).toEqual(['appliesTo.productIds: Producto repetido'])
    expect(issues({ ...base, appliesTo: { productIds: [0] } })).toEqual(['appliesTo.productIds.0: Producto inválido'])
    expect(promotionInputSchema.parse({ name: 'x', kind: 'percent', value: 10 }).appliesTo).toEqual({ categories: [], productIds: [] })
  })

  test('dates: real days, the end not before the start; blanks are open-ended', () => {
    expect(issues({ ...base, startsOn: '2026-02-30' })).toEqual(['startsOn: Fecha inválida: usa AAAA-MM-DD'])
    expect(issues({ ...base, startsOn: '2026-12-02', endsOn: '2026-12-01' })).toEqual(['endsOn: La fecha de fin no puede ser anterior a la de inicio'])
    expect(promotionInputSchema.parse({ ...base, startsOn: '2026-12-01', endsOn: '2026-12-01' })).toMatchObject({ startsOn: '2026-12-01', endsOn: '2026-12-01' })
    expect(promotionInputSchema.parse({ ...base, startsOn: '', endsOn: null })).toMatchObject({ startsOn: null, endsOn: null })
  })

  test('windows as for categories; uses from 1 or blank; free delivery is for deliveries', () => {
    expect(issues({ ...base, windows: [{ days: [2], from: '15:00', to: '15:00' }] })).toEqual(['windows.0.to: La hora de inicio y la de fin no pueden ser iguales'])
    expect(promotionInputSchema.parse({ ...base, windows: [{ days: [6], from: '22:00', to: '02:00' }] }).windows).toHaveLength(1)
    expect(issues({ ...base, maxUses: 0 })).toEqual(['maxUses: Usos en total: un número entero desde 1, o vacío para no poner límite'])
    expect(promotionInputSchema.parse({ ...base, maxUses: '', maxUsesPerPhone: '1' })).toMatchObject({ maxUses: null, maxUsesPerPhone: 1 })
    expect(issues({ name: 'Envío', kind: 'freeDelivery', fulfilment: 'pickup' })).toEqual(['fulfilment: El envío gratis es solo para entregas a domicilio'])
    expect(issues({ ...base, kind: 'bogo' })).toEqual(['kind: Elige el tipo de promoción'])
    expect(issues({ ...base, name: ' ' })).toEqual(['name: Este campo es obligatorio'])
  })
})

describe('checkout promoCode', () => {
  test('trimmed and upper-case; blank or absent is none; only its length is capped', () => {
    expect(checkoutPromoCodeSchema.parse(' martes ')).toBe('MARTES')
    expect(checkoutPromoCodeSchema.parse('')).toBeNull()
    expect(checkoutPromoCodeSchema.parse(undefined)).toBeNull()
    expect(checkoutPromoCodeSchema.parse(null)).toBeNull()
    expect(checkoutPromoCodeSchema.parse('no existe!')).toBe('NO EXISTE!')
    expect(checkoutPromoCodeSchema.safeParse('X'.repeat(41)).success).toBe(false)
    expect(checkoutPromoCodeSchema.safeParse(12).success).toBe(false)
  })
})
