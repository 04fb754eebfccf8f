import { describe, expect, test } from 'bun:test'
import { changeSummary, describeChange, type EditableOrder, itemIdentity, itemOf, lineIdentity } from './order-changes'
import type { OrderLine } from './schemas/order'

const horchata: OrderLine = { productId: 7, name: 'Horchata', size: 'mediano', quantity: 1, price: 20, lineTotal: 20, customization: null }
const plate: OrderLine = {
  productId: 1,
  name: 'Chilaquiles Clásicos',
  size: 'mediano',
  quantity: 1,
  price: 65,
  lineTotal: 65,
  customization: { sauce: { id: 3, name: 'Verde' }, sauceOnSide: false, removed: [], extras: [] },
}
const order = (items: OrderLine[], more: Partial<EditableOrder> = {}): EditableOrder => ({
  items,
  fulfilment: 'pickup',
  zoneName: null,
  address: null,
  scheduledFor: null,
  notes: null,
  total: items.reduce((s, l) => s + l.lineTotal, 0),
  ...more,
})

describe('changeSummary', () => {
  test("says what was added, what was taken from a plate and the new total, as DESIGN's example", () => {
    const before = order([plate], { total: 85 })
    const lessOnion = { ...plate, customization: { ...plate.customization!, removed: [{ id: 9, name: 'Cebolla' }] } }
    const after = order([lessOnion, horchata], { total: 105 })
    expect(changeSummary(before, after)).toBe('Quitó Cebolla de Chilaquiles Clásicos; agregó 1 Horchata (Mediano); total Q85 → Q105')
  })

  test('a quantity change reads as such, a line removed as removed', () => {
    const before = order([plate, horchata])
    const after = order([{ ...plate, quantity: 2, lineTotal: 130 }])
    expect(changeSummary(before, after)).toBe('Cambió Chilaquiles Clásicos (Mediano) de 1 a 2; quitó 1 Horchata (Mediano); total Q85 → Q130')
  })

  test('delivery, address, time and notes', () => {
    const before = order([horchata])
    const after = order([horchata], { fulfilment: 'delivery', zoneName: 'Zona 10', address: '4a calle', scheduledFor: '2026-11-26T14:30', notes: 'Sin hielo', total: 45 })
    expect(changeSummary(before, after)).toBe('Cambió a envío a domicilio (Zona 10); cambió la dirección; cambió la hora a 14:30 del 26/11; cambió las notas: "Sin hielo"; total Q20 → Q45')
    expect(changeSummary(after, { ...after, fulfilment: 'pickup', zoneName: null, address: null, total: 20 })).toBe('Cambió a recoger en el local; total Q45 → Q20')
  })

  test('nothing changed: null; a reason is kept', () => {
    expect(changeSummary(order([horchata]), order([horchata]))).toBeNull()
    expect(changeSummary(order([]), order([horchata]), 'lo pidió por WhatsApp')).toBe('Agregó 1 Horchata (Mediano); total Q0 → Q20 (lo pidió por WhatsApp)')
  })

  test('options are part of the identity and their change is told', () => {
    const milk = (optionId: number, name: string) => ({ ...horchata, options: [{ groupId: 2, optionId, group: 'Leche', name, price: 0 }] })
    expect(lineIdentity(milk(1, 'Entera'))).not.toBe(lineIdentity(milk(2, 'Almendra')))
    expect(changeSummary(order([milk(1, 'Entera')]), order([milk(2, 'Almendra')]))).toBe('Cambió Horchata: sin Leche: Entera, Leche: Almendra')
  })
})

describe("describeChange: the customer's words never carry the staff's notes, the reason or the address (issue #39)", () => {
  test('lines, fulfilment, time and total are told; notes, address and reason are the staff\'s', () => {
    const before = order([horchata])
    const after = order([horchata, plate], { fulfilment: 'delivery', zoneName: 'Zona 10', address: '4a calle', scheduledFor: '2026-11-26T14:30', notes: 'nota interna: cliente grosero', total: 100 })
    expect(describeChange(before, after, 'cliente grosero')).toEqual({
      summary: 'Agregó 1 Chilaquiles Clásicos (Mediano); cambió a envío a domicilio (Zona 10); cambió la dirección; cambió la hora a 14:30 del 26/11; cambió las notas: "nota interna: cliente grosero"; total Q20 → Q100 (cliente grosero)',
      forCustomer: 'Agregó 1 Chilaquiles Clásicos (Mediano); cambió a envío a domicilio (Zona 10); cambió la hora a 14:30 del 26/11; total Q20 → Q100',
    })
  })

  test('a notes edit is the staff\'s alone: nothing for the customer', () => {
    expect(describeChange(order([horchata]), order([horchata], { notes: 'nota interna' }), 'cliente grosero')).toEqual({
      summary: 'Cambió las notas: "nota interna" (cliente grosero)',
      forCustomer: null,
    })
    expect(describeChange(order([horchata]), order([horchata]))).toBeNull()
  })
})

describe('itemOf and itemIdentity', () => {
  test('a recorded line named back the checkout way has the same identity, whatever the order of its ids', () => {
    const line: OrderLine = {
      ...plate,
      customization: { sauce: { id: 3, name: 'Verde' }, sauceOnSide: true, removed: [{ id: 9, name: 'Cebolla' }, { id: 4, name: 'Crema' }], extras: [{ id: 12, name: 'Aguacate', price: 8 }] },
      options: [{ groupId: 2, optionId: 5, group: 'Proteína', name: 'Pollo', price: 10 }],
    }
    const item = itemOf(line)
    expect(item).not.toBeNull()
    expect(itemIdentity(item!)).toBe(lineIdentity(line))
    expect(itemIdentity({ ...item!, customization: { ...item!.customization!, removedIngredientIds: [4, 9] } })).toBe(lineIdentity(line))
    expect(itemIdentity({ ...item!, size: 'grande' })).not.toBe(lineIdentity(line))
    expect(itemOf({ name: 'Café', quantity: 1, price: 10, lineTotal: 10 })).toBeNull()
  })
})
