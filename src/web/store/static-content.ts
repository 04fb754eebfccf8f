/** Fixed content of the landing page (not managed in the admin): the sauces and toppings on show. The name is in restaurant.ts. */

type StaticSauce = { id: 'verde' | 'roja' | 'mixta' | 'mole'; name: string; image: string; description: string; heat: number }

export const STATIC_SAUCES: StaticSauce[] = [
  { id: 'verde', name: 'Salsa Verde', image: '/images/salsas/verde.svg', description: 'Tomatillo asado, chile serrano y cilantro fresco.', heat: 2 },
  { id: 'roja', name: 'Salsa Roja', image: '/images/salsas/roja.svg', description: 'Tomate y chile guajillo tostado al comal.', heat: 2 },
  { id: 'mixta', name: 'Salsa Mixta', image: '/images/salsas/mixta.svg', description: 'Mitad roja, mitad verde: lo mejor de las dos.', heat: 2 },
  { id: 'mole', name: 'Mole Poblano', image: '/images/salsas/mole.svg', description: 'Chiles secos, cacao y especias, dulce y profundo.', heat: 1 },
]

export type Topping = { id: string; name: string; image: string }

export const TOPPINGS: Topping[] = [
  { id: 'crema', name: 'Crema', image: '/images/toppings/crema.svg' },
  { id: 'queso', name: 'Queso fresco', image: '/images/toppings/queso.svg' },
  { id: 'cebolla', name: 'Cebolla morada', image: '/images/toppings/cebolla.svg' },
  { id: 'aguacate', name: 'Aguacate', image: '/images/toppings/aguacate.svg' },
  { id: 'huevo', name: 'Huevo estrellado', image: '/images/toppings/huevo.svg' },
  { id: 'pollo', name: 'Pollo deshebrado', image: '/images/toppings/pollo.svg' },
  { id: 'frijoles', name: 'Frijoles volteados', image: '/images/toppings/frijoles.svg' },
  { id: 'chorizo', name: 'Chorizo', image: '/images/toppings/chorizo.svg' },
]
