/**
 * Examples shown in the OpenAPI document and on /api/docs, typed by the app's own
 * types; openapi.route.test.ts also validates each against its documented schema.
 * Values follow the sample menu (db/seed.ts): ingredient ids 1-5 base, 6-14 extras,
 * 15-21 salsas.
 */
import type {
  ApiErrorBody,
  CheckoutInput,
  CoverageZone,
  Ingredient,
  OpeningHoursInput,
  OpeningHoursView,
  Order,
  OptionGroup,
  OptionGroupInput,
  OrderInput,
  Product,
  Setting,
  StoreStatus,
} from '../../shared/schemas'
import type { OrderEvent } from '../../shared/order-events'
import { type CheckoutAnswer, type Tracking, trackingOf } from '../../shared/tracking'
import type { z } from 'zod'
import { productSchema } from '../../shared/schemas/responses'
import { MESSAGES } from '../http/errors.server'

/** As a client would write it, then made complete by the shared schema: a new field with a default needs no edit here. */
const product: Product = productSchema.parse({
  id: 1,
  name: 'Chilaquiles Clásicos',
  description: 'Totopos de maíz bañados en la salsa de tu elección, con crema, queso fresco, cebolla morada y cilantro.',
  category: 'chilaquiles',
  price: 35,
  priceGrande: 45,
  sauce: null,
  image: '/images/products/chilaquiles-clasicos.svg',
  available: true,
  displayOrder: 1,
  availableSauces: [15, 16, 17, 18, 19, 20, 21],
  baseIngredientIds: [1, 2, 3, 4, 5],
  extraIngredientIds: [6, 7, 8, 9, 10, 11, 12, 13, 14],
} satisfies z.input<typeof productSchema>)

/** 'Leche' for the drinks: one required choice, the almond milk dearer at Grande (issue #32). */
const optionGroup: OptionGroup = {
  id: 1,
  name: 'Leche',
  min: 1,
  max: 1,
  options: [
    { id: 1, name: 'Entera', price: 0, priceGrande: null, available: true, isDefault: true },
    { id: 2, name: 'Deslactosada', price: 0, priceGrande: null, available: true, isDefault: false },
    { id: 3, name: 'Almendra', price: 5, priceGrande: 7, available: false, isDefault: false },
  ],
}

const optionGroupInput: OptionGroupInput = {
  name: 'Leche',
  min: 1,
  max: 1,
  options: [{ id: 1, name: 'Entera', isDefault: true }, { id: 2, name: 'Deslactosada' }, { name: 'Almendra', price: 5, priceGrande: 7 }],
}

const ingredient: Ingredient = {
  id: 15,
  name: 'Salsa Verde',
  type: 'salsa',
  price: 0,
  category: 'salsa',
  available: true,
  image: '/images/salsas/verde.svg',
  description: 'Tomate verde, chile serrano y cilantro: fresca, ácida y con su toque picosito.',
}

const zone: CoverageZone = { id: 1, name: 'Zona 10', deliveryCost: 15, estimatedTime: '30-45 min', available: true, minimumOrder: null }

const setting: Setting = { key: 'whatsapp_number', value: '50212345678', updatedAt: '2025-01-15T14:03:00.000Z' }

const checkoutInput: CheckoutInput = {
  items: [
    { productId: 1, size: 'grande', quantity: 2, customization: { sauceId: 15, sauceOnSide: false, removedIngredientIds: [4], extraIds: [10] } },
    { productId: 4, size: 'mediano', quantity: 1 },
  ],
  fulfilment: 'delivery',
  zoneId: 1,
  address: '5a avenida 12-34, zona 10',
  addressReference: 'Portón negro, frente al parque',
  customerName: 'Ana López',
  notes: 'Sin picante para los niños',
  payment: 'efectivo',
  cashAmount: 200,
  customerPhone: '5555 1234',
}

const createdAt = '2025-01-15T14:05:12.345Z'

const storefrontOrder: Order = {
  id: 42,
  number: 42,
  source: 'storefront',
  status: 'pending',
  statusHistory: [{ status: 'pending', at: createdAt }],
  customerName: 'Ana López',
  customerPhone: '50255551234',
  fulfilment: 'delivery',
  zoneId: 1,
  zoneName: 'Zona 10',
  zoneEstimatedTime: '30-45 min',
  scheduledFor: null,
  trackingToken: 'k3Jd9Qm2xVb7LpR4sT8wZc1N',
  address: '5a avenida 12-34, zona 10',
  addressReference: 'Portón negro, frente al parque',
  payment: 'efectivo',
  cashAmount: 200,
  items: [
    {
      productId: 1,
      name: 'Chilaquiles Clásicos',
      size: 'grande',
      quantity: 2,
      price: 55,
      lineTotal: 110,
      customization: {
        sauce: { id: 15, name: 'Salsa Verde' },
        sauceOnSide: false,
        removed: [{ id: 4, name: 'Cebolla morada' }],
        extras: [{ id: 10, name: 'Aguacate', price: 10 }],
      },
    },
    { productId: 4, name: 'Horchata', size: 'mediano', quantity: 1, price: 20, lineTotal: 20, customization: null },
  ],
  subtotal: 130,
  deliveryFee: 15,
  discounts: [],
  changes: [],
  total: 145,
  notes: 'Sin picante para los niños',
  createdAt,
}

const posOrderInput: OrderInput = {
  customerName: 'Mesa 4',
  customerPhone: '50255551234',
  items: [
    { productId: 2, name: 'Chilaquiles con Pollo', size: 'mediano', quantity: 1, price: 50, notes: 'Salsa roja' },
    { name: 'Café de olla', quantity: 2, price: 25 },
  ],
  total: 100,
}

/** The point-of-sale order above, as recorded: no delivery, no payment details, numbered after the storefront's. */
const posOrder: Order = {
  ...storefrontOrder,
  ...{ fulfilment: null, zoneId: null, zoneName: null, address: null, addressReference: null, payment: null, cashAmount: null },
  id: 43,
  number: 43,
  source: 'pos',
  trackingToken: 'Qx7mN2pLr8VtK4wY9sBc3DfH',
  customerName: 'Mesa 4',
  customerPhone: '50255551234',
  items: [
    { productId: 2, name: 'Chilaquiles con Pollo', size: 'mediano', quantity: 1, price: 50, notes: 'Salsa roja', lineTotal: 50 },
    { name: 'Café de olla', quantity: 2, price: 25, lineTotal: 50 },
  ],
  subtotal: 100,
  deliveryFee: 0,
  discounts: [],
  changes: [],
  total: 100,
  notes: null,
}

const confirmedPosOrder: Order = {
  ...posOrder,
  status: 'confirmed',
  statusHistory: [...posOrder.statusHistory, { status: 'confirmed', at: '2025-01-15T14:07:40.000Z' }],
}

/** POST /api/checkout's 201: the order above and the link its customer receives. */
const checkoutAnswer: CheckoutAnswer = { ...storefrontOrder, trackingUrl: `https://pedidos.example.gt/pedido/${storefrontOrder.trackingToken}` }

/** GET /api/track/<token>: the order above, as its customer sees it once confirmed. */
const tracking: Tracking = {
  ...trackingOf(storefrontOrder),
  status: 'confirmed',
  statusHistory: [...storefrontOrder.statusHistory, { status: 'confirmed', at: '2025-01-15T14:07:02.000Z' }],
}

const validationError: ApiErrorBody = {
  message: MESSAGES.invalidData,
  issues: [
    { path: 'items.0.quantity', message: 'La cantidad mínima es 1' },
    { path: 'address', message: 'Escribe la dirección de entrega' },
  ],
}

const weekday = [
  { open: '08:00', close: '14:00' },
  { open: '17:00', close: '21:00' },
]
const openingHoursInput: OpeningHoursInput = {
  timezone: 'America/Guatemala',
  week: { mon: weekday, tue: weekday, wed: weekday, thu: weekday, fri: weekday, sat: [{ open: '09:00', close: '14:00' }, { open: '22:00', close: '02:00' }], sun: [] },
  closedDates: ['2026-12-25', '2027-01-01'],
  closedDateNotes: { '2026-12-25': 'Feliz Navidad' },
  paused: false,
}
const openingHours: OpeningHoursView = {
  timezone: 'America/Guatemala',
  week: openingHoursInput.week as OpeningHoursView['week'],
  closedDates: ['2026-12-25', '2027-01-01'],
  closedDateNotes: { '2026-12-25': 'Feliz Navidad' },
  paused: false,
  updatedAt: '2026-11-20T15:30:00.000Z',
}
const storeStatus: StoreStatus = { open: false, state: 'closed', message: 'Cerrado · abrimos hoy a las 17:00', opensAt: '2026-11-23T17:00:00-06:00' }

const orderEvent: OrderEvent = { type: 'created', id: 43, number: 43, status: 'pending' }

export const EXAMPLES = { optionGroup, optionGroupInput, openingHoursInput, openingHours, storeStatus, orderEvent, product, ingredient, zone, setting, checkoutInput, storefrontOrder, checkoutAnswer, tracking, posOrderInput, posOrder, confirmedPosOrder, validationError }
