/** Menu and ingredients for the storefront's component tests. */
import type { Ingredient } from '../../../shared/schemas/ingredient'
import type { StoreProduct } from '../../../shared/landing-data'
import type { Option, OptionGroup } from '../../../shared/options'

const ingredient = (id: number, name: string, type: Ingredient['type'], price = 0): Ingredient =>
  ({ id, name, type, price, category: type === 'salsa' ? 'salsa' : type === 'extra' ? 'topping' : 'base', available: true, image: null, description: null }) as Ingredient

export const SAUCES = [ingredient(1, 'Salsa Verde', 'salsa'), ingredient(2, 'Salsa Roja', 'salsa'), ingredient(3, 'Mole', 'salsa')]
export const BASE = [ingredient(10, 'Crema', 'base'), ingredient(11, 'Cebolla morada', 'base')]
export const EXTRAS = [ingredient(20, 'Aguacate', 'extra', 10), ingredient(21, 'Pollo deshebrado', 'extra', 15), ingredient(22, 'Chorizo', 'extra', 12)]

export const plate = (over: Partial<StoreProduct> = {}): StoreProduct => ({
  id: 1,
  name: 'Chilaquiles Clásicos',
  description: 'Totopos bañados en salsa',
  category: 'chilaquiles',
  price: 35,
  priceGrande: 50,
  image: null,
  available: true,
  availableSauces: [],
  baseIngredientIds: [],
  extraIngredientIds: [],
  optionGroupIds: [],
  ...over,
})

export const horchata: StoreProduct = { ...plate(), id: 5, name: 'Horchata', category: 'bebidas', price: 20, priceGrande: 25, description: 'Agua de arroz' }

/** A fetch that answers the public ingredient lists by type. */
export function ingredientsFetch(): typeof fetch {
  const byType: Record<string, Ingredient[]> = { salsa: SAUCES, base: BASE, extra: EXTRAS }
  const fake = async (input: RequestInfo | URL) => {
    const type = /\/api\/ingredients\/type\/(\w+)$/.exec(String(input))?.[1]
    return type && byType[type] ? Response.json(byType[type]) : new Response('no', { status: 404 })
  }
  return Object.assign(fake, { preconnect: () => {} }) as typeof fetch
}

// ---- Option groups (issue #32) ----

const option = (id: number, name: string, price = 0, over: Partial<Option> = {}): Option => ({ id, name, price, priceGrande: null, available: true, isDefault: false, ...over })

/** 'Elige 1', obligatorio, no default: the button waits for a choice. Almendra costs more at Grande. */
export const LECHE: OptionGroup = {
  id: 1,
  name: 'Leche',
  min: 1,
  max: 1,
  options: [option(101, 'Entera'), option(102, 'Deslactosada'), option(103, 'Almendra', 5, { priceGrande: 7 }), option(104, 'Avena', 6, { available: false })],
}

/** 'Elige 1', obligatorio, with a default. */
export const PROTEINA: OptionGroup = {
  id: 2,
  name: 'Proteína',
  min: 1,
  max: 1,
  options: [option(201, 'Pollo', 10, { isDefault: true }), option(202, 'Res', 15), option(203, 'Huevo', 0)],
}

/** 'Elige hasta 2', optional. */
export const TOPPINGS: OptionGroup = {
  id: 3,
  name: 'Toppings',
  min: 0,
  max: 2,
  options: [option(301, 'Canela', 0, { isDefault: true }), option(302, 'Nuez', 4), option(303, 'Chispas', 3), option(304, 'Coco', 3, { available: false })],
}

/** 'Elige 1', optional: offered with 'Sin endulzante'. */
export const ENDULZANTE: OptionGroup = { id: 4, name: 'Endulzante', min: 0, max: 1, options: [option(401, 'Azúcar'), option(402, 'Miel', 2)] }

/** Required, and every option sold out: the dish cannot be added. */
export const PAN_AGOTADO: OptionGroup = { id: 9, name: 'Pan', min: 1, max: 1, options: [option(901, 'Blanco', 0, { available: false, isDefault: true })] }

export const OPTION_GROUPS = [LECHE, PROTEINA, TOPPINGS, ENDULZANTE, PAN_AGOTADO]

/** A drink with a required milk: opens the drawer though it is not chilaquiles. */
export const latte = (over: Partial<StoreProduct> = {}): StoreProduct => ({ ...horchata, id: 7, name: 'Café con leche', description: 'Café de olla con leche', price: 20, priceGrande: 25, optionGroupIds: [1], ...over })

/** A fetch that answers the public ingredient lists by type and GET /api/option-groups. */
export function menuFetch(groups: OptionGroup[] = OPTION_GROUPS): typeof fetch {
  const ingredients = ingredientsFetch()
  const fake = async (input: RequestInfo | URL) => (String(input).endsWith('/api/option-groups') ? Response.json(groups) : ingredients(input))
  return Object.assign(fake, { preconnect: () => {} }) as typeof fetch
}
