import { describe, expect, test } from 'bun:test'
import {
  API_KEY_NAME_RULE,
  CHAT_NUMBER_RULE,
  apiKeyInputSchema,
  changePasswordInputSchema,
  idParam,
  ingredientInputSchema,
  loginInputSchema,
  orderInputSchema,
  productInputSchema,
  whatsappSettingInputSchema,
  zoneInputSchema,
} from './index'

const product = { name: 'Chilaquiles Clásicos', description: 'Con crema y queso', category: 'chilaquiles', price: '35' }

describe('product schema', () => {
  test('defaults of the optional fields', () => {
    expect(productInputSchema.parse({ name: 'x', description: 'y', category: 'chilaquiles', price: 0 })).toEqual({
      name: 'x',
      description: 'y',
      category: 'chilaquiles',
      price: 0,
      priceGrande: null,
      sauce: null,
      image: null,
      available: true,
      displayOrder: 0,
      availableSauces: [],
      baseIngredientIds: [],
      extraIngredientIds: [],
      dailyLimit: null,
      windows: null,
      optionGroupIds: [],
    })
  })
  test('option groups: ids in the order given, none repeated', () => {
    expect(productInputSchema.parse({ ...product, optionGroupIds: [3, 1] }).optionGroupIds).toEqual([3, 1])
    expect(productInputSchema.safeParse({ ...product, optionGroupIds: [3, 3] }).error?.issues[0]?.message).toBe('Grupo de opciones repetido')
  })
  test('blank medium price becomes 0', () => {
    expect(productInputSchema.parse({ ...product, price: '' }).price).toBe(0)
  })
  test('blank large price becomes null; a number string becomes a number', () => {
    expect(productInputSchema.parse({ ...product, priceGrande: '' }).priceGrande).toBeNull()
    expect(productInputSchema.parse({ ...product, priceGrande: '45' }).priceGrande).toBe(45)
  })
  test('blank display order becomes 0', () => {
    expect(productInputSchema.parse({ ...product, displayOrder: '' }).displayOrder).toBe(0)
    expect(productInputSchema.parse({ ...product, displayOrder: '3' }).displayOrder).toBe(3)
  })
  test('prices are whole, non-negative quetzales', () => {
    expect(productInputSchema.safeParse({ ...product, price: 35.5 }).success).toBe(false)
    expect(productInputSchema.safeParse({ ...product, price: -1 }).success).toBe(false)
    expect(productInputSchema.safeParse({ ...product, price: 'abc' }).success).toBe(false)
  })
  test('names are required and capped (a 100 KB string is refused)', () => {
    expect(productInputSchema.safeParse({ ...product, name: '   ' }).success).toBe(false)
    expect(productInputSchema.safeParse({ ...product, name: 'x'.repeat(100_000) }).success).toBe(false)
  })
  test('required means required: an absent category or price is refused, not invented', () => {
    const { category: _c, ...noCategory } = product
    const { price: _p, ...noPrice } = product
    for (const [body, field] of [[noCategory, 'category'], [noPrice, 'price']] as const) {
      const result = productInputSchema.safeParse(body)
      expect(result.success).toBe(false)
      expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([[field, 'Este campo es obligatorio']])
    }
  })
  test('a malformed category refused (an unknown slug is the server 400); image must be an upload, /images path or http(s) URL', () => {
    expect(productInputSchema.safeParse({ ...product, category: 'Tacos!' }).success).toBe(false)
    expect(productInputSchema.safeParse({ ...product, category: 'x' }).success).toBe(false)
    expect(productInputSchema.parse({ ...product, category: 'desayunos' }).windows).toBeNull()
    expect(productInputSchema.safeParse({ ...product, image: 'javascript:alert(1)' }).success).toBe(false)
    expect(productInputSchema.parse({ ...product, image: '/uploads/abc-1.png' }).image).toBe('/uploads/abc-1.png')
  })
})

describe('zone schema', () => {
  test('blank delivery cost becomes 0; name required', () => {
    expect(zoneInputSchema.parse({ name: 'Zona 10', deliveryCost: '' })).toEqual({ name: 'Zona 10', deliveryCost: 0, estimatedTime: null, available: true, minimumOrder: null })
    expect(zoneInputSchema.safeParse({ name: '', deliveryCost: 5 }).success).toBe(false)
  })
  test('the minimum order is optional whole quetzales: blank, null or absent is none', () => {
    const zone = { name: 'Zona 10', deliveryCost: 15 }
    expect(zoneInputSchema.parse({ ...zone, minimumOrder: '100' }).minimumOrder).toBe(100)
    expect(zoneInputSchema.parse({ ...zone, minimumOrder: 0 }).minimumOrder).toBe(0)
    for (const none of ['', '  ', null, undefined]) expect(zoneInputSchema.parse({ ...zone, minimumOrder: none }).minimumOrder).toBeNull()
    const issues = (minimumOrder: unknown) => zoneInputSchema.safeParse({ ...zone, minimumOrder }).error?.issues.map((i) => [i.path.join('.'), i.message])
    expect(issues(-5)).toEqual([['minimumOrder', 'No puede ser negativo']])
    expect(issues(99.5)).toEqual([['minimumOrder', 'Debe ser un número entero']])
    expect(issues('cien')).toEqual([['minimumOrder', 'Debe ser un número']])
  })
  test('an absent delivery cost is refused (a blank one is 0)', () => {
    expect(zoneInputSchema.safeParse({ name: 'Zona 10' }).error?.issues[0]?.message).toBe('Este campo es obligatorio')
  })
})

describe('ingredient schema', () => {
  test('type, price and category are required; a blank price is 0; available defaults to true', () => {
    expect(ingredientInputSchema.safeParse({ name: 'Aguacate' }).error?.issues.map((i) => i.path.join('.'))).toEqual(['type', 'price', 'category'])
    expect(ingredientInputSchema.parse({ name: 'Aguacate', type: 'base', price: '', category: 'topping' })).toMatchObject({ price: 0, available: true })
  })
  test('extra price read as a number', () => {
    expect(ingredientInputSchema.parse({ name: 'Aguacate', type: 'extra', price: '10', category: 'topping' }).price).toBe(10)
  })
})

describe('chat number', () => {
  test('non-digits are stripped', () => {
    expect(whatsappSettingInputSchema.parse({ value: '+502 1234-5678' }).value).toBe('50212345678')
  })
  test('8 to 15 digits', () => {
    expect(whatsappSettingInputSchema.safeParse({ value: '1234567' }).success).toBe(false)
    expect(whatsappSettingInputSchema.safeParse({ value: '12345678' }).success).toBe(true)
    expect(whatsappSettingInputSchema.safeParse({ value: '123456789012345' }).success).toBe(true)
    const r = whatsappSettingInputSchema.safeParse({ value: '1234567890123456' })
    expect(r.success).toBe(false)
    expect(r.error?.issues[0]?.message).toBe(CHAT_NUMBER_RULE)
  })
})

describe('api key name', () => {
  test('at least 3 characters, with the Spanish message', () => {
    const r = apiKeyInputSchema.safeParse({ name: 'ab' })
    expect(r.success).toBe(false)
    expect(r.error?.issues[0]?.message).toBe(API_KEY_NAME_RULE)
    expect(apiKeyInputSchema.safeParse({ name: ' ab ' }).success).toBe(false)
    expect(apiKeyInputSchema.parse({ name: 'POS' }).name).toBe('POS')
  })
})

describe('auth and misc', () => {
  test('login needs both fields', () => {
    expect(loginInputSchema.safeParse({ username: 'admin' }).success).toBe(false)
    expect(loginInputSchema.safeParse({ username: '', password: 'x' }).success).toBe(false)
  })
  test('new password: at least 8 and different from the current one', () => {
    expect(changePasswordInputSchema.safeParse({ currentPassword: 'admin123', newPassword: 'short' }).success).toBe(false)
    expect(changePasswordInputSchema.safeParse({ currentPassword: 'admin123', newPassword: 'admin123' }).success).toBe(false)
    expect(changePasswordInputSchema.safeParse({ currentPassword: 'admin123', newPassword: 'otra-clave-1' }).success).toBe(true)
  })
  test('id params are positive integers', () => {
    expect(idParam.parse({ id: '7' }).id).toBe(7)
    for (const bad of ['0', '-1', '1.5', 'abc', '1; DROP TABLE products']) expect(idParam.safeParse({ id: bad }).success).toBe(false)
  })
  test('orders need at least one item', () => {
    expect(orderInputSchema.safeParse({ customerName: 'Ana', items: [], total: 10 }).success).toBe(false)
    expect(orderInputSchema.parse({ customerName: 'Ana', items: [{ name: 'Horchata', quantity: 1, price: 20 }], total: 20 }).status).toBe('pending')
  })
})
