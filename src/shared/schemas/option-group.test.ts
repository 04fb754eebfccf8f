import { describe, expect, test } from 'bun:test'
import { optionChoicesSchema, optionGroupInputSchema } from './option-group'
import { orderItemSchema } from './order'

const leche = {
  name: 'Leche',
  min: 1,
  max: 1,
  options: [
    { name: 'Entera', isDefault: true },
    { name: 'Almendra', price: 5, priceGrande: 7 },
  ],
}
const firstMessage = (value: unknown) => optionGroupInputSchema.safeParse(value).error?.issues[0]?.message

describe('option group input', () => {
  test('defaults: an option costs nothing, is the same at either size, available and not preselected', () => {
    expect(optionGroupInputSchema.parse({ name: 'Toppings', options: [{ name: 'Canela' }] })).toEqual({
      name: 'Toppings',
      min: 0,
      max: 1,
      options: [{ name: 'Canela', price: 0, priceGrande: null, available: true, isDefault: false }],
    })
    expect(optionGroupInputSchema.parse({ ...leche, min: '1', max: '2' })).toMatchObject({ min: 1, max: 2 })
  })

  test('min and max in Spanish: max at least 1 and at least min, min no more than the options', () => {
    expect(firstMessage({ ...leche, max: 0 })).toBe('El máximo va de 1 a 30')
    expect(firstMessage({ ...leche, min: -1 })).toBe('El mínimo va de 0 a 30')
    expect(firstMessage({ ...leche, min: 2, max: 1 })).toBe('El máximo no puede ser menor que el mínimo')
    expect(firstMessage({ ...leche, min: 3, max: 3 })).toBe('El mínimo no puede pasar del número de opciones')
  })

  test('options: at least one, names not repeated (any case), ids not repeated, no more defaults than max', () => {
    expect(firstMessage({ ...leche, options: [] })).toBe('Agrega al menos una opción')
    expect(firstMessage({ ...leche, options: [{ name: 'Entera' }, { name: 'entera' }] })).toBe('Hay dos opciones con el mismo nombre')
    expect(firstMessage({ ...leche, options: [{ id: 4, name: 'Entera' }, { id: 4, name: 'Soya' }] })).toBe('Opción repetida')
    expect(firstMessage({ ...leche, options: [{ name: 'Entera', isDefault: true }, { name: 'Soya', isDefault: true }] })).toBe('Marca como máximo 1 por defecto')
    expect(firstMessage({ ...leche, options: [{ name: 'Entera', price: -1 }] })).toBeDefined()
  })
})

describe('a line\'s choices', () => {
  test('none by default; one option named twice is refused', () => {
    expect(optionChoicesSchema.parse(undefined)).toEqual([])
    expect(optionChoicesSchema.safeParse([{ groupId: 1, optionId: 2 }, { groupId: 1, optionId: 2 }]).error?.issues[0]?.message).toBe('No repitas una opción')
    expect(optionChoicesSchema.safeParse([{ groupId: 0, optionId: 2 }]).error?.issues[0]?.message).toBe('Grupo de opciones inválido')
  })
})

describe('a point-of-sale line', () => {
  test('has no options unless it names some (a free-text line stays as it was)', () => {
    expect('options' in orderItemSchema.parse({ name: 'Café de olla', quantity: 1, price: 25 })).toBe(false)
    expect(orderItemSchema.parse({ productId: 4, name: 'Horchata', quantity: 1, price: 20, options: [{ groupId: 1, optionId: 2 }] }).options).toEqual([{ groupId: 1, optionId: 2 }])
  })
})
