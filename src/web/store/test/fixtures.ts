/** Menu and ingredients for the storefront's component tests. */
import type { Ingredient } from '../../../shared/schemas/ingredient'
import type { StoreProduct } from '../../../shared/landing-data'

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
