/**
 * The seed set loaded by POST /api/admin/initialize-database (SPEC section 9):
 * 21 ingredients (5 base, 9 extras, 7 salsas), 10 products (3 chilaquiles
 * Q35-Q65, 4 bebidas Q20-Q35, 3 postres Q35-Q45) and the whatsapp_number setting.
 *
 * Products name their ingredients by `ref`; the loader (src/server/seed.server.ts)
 * turns refs into the ids the database assigns. Images are the project's own
 * drawings under public/images/ (salsas/{ref}.svg, products/{slug}.svg).
 */
import type { IngredientData, ProductData } from '../src/shared/schemas'

export type SeedIngredient = IngredientData & { ref: string }
export type SeedProduct = Omit<ProductData, 'availableSauces' | 'baseIngredientIds' | 'extraIngredientIds'> & {
  slug: string
  sauces: string[]
  base: string[]
  extras: string[]
}

const base = (ref: string, name: string): SeedIngredient => ({
  ref, name, type: 'base', price: 0, category: 'base', available: true, image: null, description: null,
})
const extra = (ref: string, name: string, price: number, category: 'proteina' | 'topping'): SeedIngredient => ({
  ref, name, type: 'extra', price, category, available: true, image: null, description: null,
})
const salsa = (ref: string, name: string, description: string, category: 'salsa' | 'salsa_extra' = 'salsa'): SeedIngredient => ({
  ref, name, type: 'salsa', price: 0, category, available: true, image: `/images/salsas/${ref}.svg`, description,
})

export const seedIngredients: SeedIngredient[] = [
  base('totopos', 'Totopos de maíz'),
  base('crema', 'Crema'),
  base('queso-fresco', 'Queso fresco'),
  base('cebolla', 'Cebolla morada'),
  base('cilantro', 'Cilantro'),

  extra('pollo', 'Pollo deshebrado', 15, 'proteina'),
  extra('carne-asada', 'Carne asada', 20, 'proteina'),
  extra('chorizo', 'Chorizo', 12, 'proteina'),
  extra('huevo', 'Huevo estrellado', 8, 'proteina'),
  extra('aguacate', 'Aguacate', 10, 'topping'),
  extra('frijoles', 'Frijoles volteados', 6, 'topping'),
  extra('platano', 'Plátano frito', 8, 'topping'),
  extra('chicharron', 'Chicharrón', 10, 'topping'),
  extra('queso-extra', 'Queso extra', 6, 'topping'),

  salsa('verde', 'Salsa Verde', 'Tomate verde, chile serrano y cilantro: fresca, ácida y con su toque picosito.'),
  salsa('roja', 'Salsa Roja', 'Tomate asado, chile guajillo y ajo: la de siempre, con sabor a comal.'),
  salsa('mixta', 'Salsa Mixta', 'Mitad roja, mitad verde, para los que no se deciden: lo mejor de las dos.'),
  salsa('mole', 'Mole Poblano', 'Chiles secos, chocolate, ajonjolí y especias: dulce, profundo y poco picante.'),
  salsa('chipotle', 'Salsa Chipotle', 'Chile chipotle ahumado con crema: sabor ahumado y picor medio.', 'salsa_extra'),
  salsa('habanero', 'Salsa Habanero', 'Chile habanero con naranja agria: ¡qué picoso! Solo para valientes.', 'salsa_extra'),
  salsa('cremosa', 'Salsa Cremosa', 'Crema, queso y un toque de chile jalapeño: suave y cremosita.', 'salsa_extra'),
]

const classicSauces = ['verde', 'roja', 'mixta', 'mole', 'chipotle', 'habanero', 'cremosa']
const allBase = ['totopos', 'crema', 'queso-fresco', 'cebolla', 'cilantro']

const product = (p: Omit<SeedProduct, 'sauce' | 'available' | 'image' | 'priceGrande' | 'sauces' | 'base' | 'extras' | 'dailyLimit' | 'windows' | 'optionGroupIds'> & Partial<SeedProduct>): SeedProduct => ({
  sauce: null,
  available: true,
  priceGrande: null,
  sauces: [],
  base: [],
  extras: [],
  dailyLimit: null,
  windows: null,
  // The SPEC's sample menu asks for no option groups; the owner adds them (issue #32).
  optionGroupIds: [],
  image: `/images/products/${p.slug}.svg`,
  ...p,
})

export const seedProducts: SeedProduct[] = [
  product({
    slug: 'chilaquiles-clasicos',
    name: 'Chilaquiles Clásicos',
    description: 'Totopos de maíz bañados en la salsa de tu elección, con crema, queso fresco, cebolla morada y cilantro. El desayuno de siempre.',
    category: 'chilaquiles', price: 35, priceGrande: 45, displayOrder: 1,
    sauces: classicSauces, base: allBase,
    extras: ['pollo', 'carne-asada', 'chorizo', 'huevo', 'aguacate', 'frijoles', 'platano', 'chicharron', 'queso-extra'],
  }),
  product({
    slug: 'chilaquiles-con-pollo',
    name: 'Chilaquiles con Pollo',
    description: 'Nuestros chilaquiles clásicos con pollo deshebrado bien sazonado, crema y queso fresco. Llenadores y sabrosos.',
    category: 'chilaquiles', price: 50, priceGrande: 60, displayOrder: 2,
    sauces: classicSauces, base: allBase,
    extras: ['huevo', 'aguacate', 'frijoles', 'platano', 'chicharron', 'queso-extra'],
  }),
  product({
    slug: 'chilaquiles-supremos',
    name: 'Chilaquiles Supremos',
    description: 'Con carne asada, chorizo, huevo estrellado, aguacate y frijoles volteados. Para el hambre de domingo.',
    category: 'chilaquiles', price: 65, displayOrder: 3,
    sauces: classicSauces, base: allBase,
    extras: ['pollo', 'platano', 'chicharron', 'queso-extra'],
  }),

  product({
    slug: 'horchata', name: 'Horchata',
    description: 'Agua fresca de arroz con canela y un toque de vainilla, bien fría.',
    category: 'bebidas', price: 20, priceGrande: 25, displayOrder: 1,
  }),
  product({
    slug: 'jamaica', name: 'Agua de Jamaica',
    description: 'Infusión de flor de jamaica endulzada, refrescante y ligeramente ácida.',
    category: 'bebidas', price: 20, priceGrande: 25, displayOrder: 2,
  }),
  product({
    slug: 'cafe-de-olla', name: 'Café de olla',
    description: 'Café guatemalteco de altura hervido con canela y panela, como en casa de la abuela.',
    category: 'bebidas', price: 25, displayOrder: 3,
  }),
  product({
    slug: 'limonada-con-chia', name: 'Limonada con chía',
    description: 'Limonada natural recién hecha con semillas de chía. Ideal para acompañar la salsa habanero.',
    category: 'bebidas', price: 30, priceGrande: 35, displayOrder: 4,
  }),

  product({
    slug: 'rellenitos-de-platano', name: 'Rellenitos de plátano',
    description: 'Plátano maduro relleno de frijol dulce con chocolate y canela, espolvoreado con azúcar. Tradición guatemalteca.',
    category: 'postres', price: 35, displayOrder: 1,
  }),
  product({
    slug: 'flan-de-cajeta', name: 'Flan de cajeta',
    description: 'Flan casero de huevo y vainilla bañado en cajeta de leche de cabra.',
    category: 'postres', price: 40, displayOrder: 2,
  }),
  product({
    slug: 'churros-con-chocolate', name: 'Churros con chocolate',
    description: 'Churros recién fritos con azúcar y canela, con una taza de chocolate caliente para remojar.',
    category: 'postres', price: 45, displayOrder: 3,
  }),
]
