/**
 * 'Editar pedido' (issue #34) on the order's sheet: the storefront's rows, size control and
 * drawer; the new total from the server itself before saving (PATCH ?dryRun=1: its figures, its
 * refusals in staff's words); the picker offers only what the order can have at its time (sold
 * out, outside its hours, as the storefront says it); saved with If-Match, a stale
 * edit's 409 said; reachable by keyboard. And the board's side: the changes and discounts in
 * the detail, the notice's words, and a 'changed' event from another device.
 */
import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { Category, Ingredient, Order, OrderDiscount, OrderEditData, OrderLine, Product } from '@/shared/schemas'
import { Sheet, SheetContent } from '@/web/ui/sheet'
import { json, mockFetch, renderAdmin } from '../../test/render'
import { OrderDetail } from './order-detail'
import PedidosPage from './pedidos-page'
import { setAutoPrint, setReprintChanged } from './print-ticket'
import { FakeEventSource, order, serveOrders } from './test-support'

const product = (id: number, name: string, category: string, price: number, priceGrande: number | null, over: Partial<Product> = {}): Product => ({
  id,
  name,
  description: '',
  category,
  price,
  priceGrande,
  sauce: null,
  image: null,
  available: true,
  displayOrder: id,
  availableSauces: [],
  baseIngredientIds: [],
  extraIngredientIds: [],
  windows: null,
  optionGroupIds: [],
  dailyLimit: null,
  ...over,
})
const ingredient = (id: number, name: string, type: Ingredient['type'], price = 0) => ({ id, name, type, price, category: type, available: true, image: null, description: null })
const SAUCES = [ingredient(1, 'Salsa Verde', 'salsa'), ingredient(2, 'Salsa Roja', 'salsa')]
const BASE = [ingredient(10, 'Cebolla morada', 'base')]
const EXTRAS = [ingredient(20, 'Aguacate', 'extra', 10)]
const MENU = [product(1, 'Chilaquiles Clásicos', 'chilaquiles', 35, 50), product(5, 'Horchata', 'bebidas', 20, 25), product(6, 'Agua de Jamaica', 'bebidas', 15, null, { available: false })]

const plateLine: OrderLine = {
  productId: 1,
  name: 'Chilaquiles Clásicos',
  size: 'mediano',
  quantity: 1,
  price: 35,
  lineTotal: 35,
  customization: { sauce: { id: 1, name: 'Salsa Verde' }, sauceOnSide: false, removed: [], extras: [] },
  options: [],
}
const STALE = 'Alguien más cambió este pedido mientras lo editabas; revisa el pedido y vuelve a intentarlo'

type Patch = { ifMatch: string | null; body: Record<string, unknown> }
type Preview = { ifMatch: string | null; body: OrderEditData }

const DEFAULT_SETTINGS = { preparationMinutes: 20, scheduling: { enabled: true, daysAhead: 2, slotMinutes: 30, maxOrdersPerSlot: null }, rush: null }

/**
 * The server the editor talks to: the menu (`menu`, `categories`, portions `remaining`), the
 * ingredients, the zones, PATCH /api/orders/:id?dryRun=1 (the edit priced as the save would: a
 * line the order had at its recorded price, a new one at `today`'s, the delivery fee, then
 * `discounts` or `previewRefusal`) and PATCH /api/orders/:id (answering `refuse` with 409 when set).
 */
function serveEditor(
  edited: Order,
  opts: {
    today?: Record<number, number>
    refuse?: string
    menu?: Product[]
    categories?: Category[]
    remaining?: Record<string, number>
    discounts?: (subtotal: number) => OrderDiscount[]
    previewRefusal?: string
  } = {},
) {
  const patches: Patch[] = []
  const previews: Preview[] = []
  const menu = opts.menu ?? MENU
  const api = mockFetch(async (req) => {
    const { pathname, searchParams } = new URL(req.url)
    if (pathname === '/api/products') return json(menu)
    if (pathname === '/api/categories') return json(opts.categories ?? [])
    if (pathname === '/api/order-settings') return json(DEFAULT_SETTINGS)
    if (pathname === '/api/menu/remaining') return json(opts.remaining ?? {})
    if (pathname === '/api/coverage-zones') return json([{ id: 3, name: 'Zona 10', deliveryCost: 15, estimatedTime: null, available: true, minimumOrder: null }])
    const type = /^\/api\/ingredients\/type\/(\w+)$/.exec(pathname)?.[1]
    if (type) return json(type === 'salsa' ? SAUCES : type === 'base' ? BASE : EXTRAS)
    if (req.method === 'PATCH' && /^\/api\/orders\/\d+$/.test(pathname) && searchParams.get('dryRun') === '1') {
      const body = (await req.json()) as OrderEditData
      previews.push({ ifMatch: req.headers.get('if-match'), body })
      if (opts.previewRefusal) return json({ message: opts.previewRefusal }, 409)
      const items = (body.items ?? []).map((item): OrderLine => {
        const p = menu.find((m) => m.id === item.productId)
        const kept = edited.items.find((l) => l.productId === item.productId && l.size === item.size && (l.customization?.sauce?.id ?? null) === (item.customization?.sauceId ?? null) && (l.customization?.extras.length ?? 0) === (item.customization?.extraIds.length ?? 0))
        const base = opts.today?.[item.productId] ?? (item.size === 'grande' ? (p?.priceGrande ?? 0) : (p?.price ?? 0))
        const price = kept ? kept.price : base + (item.customization?.extraIds ?? []).reduce((sum, id) => sum + (EXTRAS.find((e) => e.id === id)?.price ?? 0), 0)
        return { productId: item.productId, name: p?.name ?? '', size: item.size, quantity: item.quantity, price, lineTotal: price * item.quantity, customization: kept?.customization ?? null, options: [] }
      })
      const fulfilment = body.fulfilment ?? edited.fulfilment
      const lines = body.items ? items : edited.items
      const subtotal = lines.reduce((sum, l) => sum + l.lineTotal, 0)
      const fee = fulfilment === 'delivery' ? 15 : 0
      const discounts = opts.discounts?.(subtotal) ?? []
      const total = subtotal + fee - discounts.reduce((sum, d) => sum + d.amount, 0)
      return json({ ...edited, items: lines, fulfilment, subtotal, deliveryFee: fee, discounts, total })
    }
    if (req.method === 'PATCH' && /^\/api\/orders\/\d+$/.test(pathname)) {
      patches.push({ ifMatch: req.headers.get('if-match'), body: (await req.json()) as Record<string, unknown> })
      return opts.refuse ? json({ message: opts.refuse }, 409) : json(edited)
    }
    return json({ message: 'no' }, 404)
  })
  restore = api.restore
  return { patches, previews, calls: api.calls }
}

let restore = () => {}
afterEach(() => {
  cleanup()
  restore()
  setAutoPrint(false)
  setReprintChanged(false)
  localStorage.clear()
})

const sheet = (o: Order) =>
  renderAdmin(
    <Sheet open>
      <SheetContent>
        <OrderDetail order={o} />
      </SheetContent>
    </Sheet>,
  )

const confirmed = (over: Partial<Order> = {}) => order({ number: 12, status: 'confirmed', items: [plateLine], subtotal: 35, total: 35, customerPhone: '50255551234', ...over })
const lineNames = () => screen.queryAllByTestId('cart-line').map((li) => li.querySelector('p')?.textContent)
const newTotal = () => screen.getByTestId('edit-total').textContent ?? ''

/** 'Editar pedido', once its chunk has loaded (the title shows while it loads, too): the editor's title. */
async function openEditor() {
  fireEvent.click(screen.getByRole('button', { name: 'Editar pedido' }))
  await screen.findByRole('region', { name: 'Cambios del pedido' })
  return screen.getByRole('heading', { name: 'Editar pedido #12' })
}
const focused = () => document.activeElement?.textContent?.trim()

describe("'Editar pedido'", () => {
  test('offered while the kitchen has not finished the order (pending, confirmed, preparing); not after', () => {
    for (const status of ['pending', 'confirmed', 'preparing'] as const) {
      sheet(confirmed({ status }))
      expect(screen.getByRole('button', { name: 'Editar pedido' })).toBeTruthy()
      cleanup()
    }
    for (const status of ['ready', 'delivered', 'cancelled'] as const) {
      sheet(confirmed({ status }))
      expect(screen.queryByRole('button', { name: 'Editar pedido' })).toBeNull()
      cleanup()
    }
  })

  test("staff add a drink, change its quantity and see the server's new total; saved with If-Match, the detail comes back", async () => {
    const base = confirmed()
    const saved: Order = { ...base, changes: [{ at: new Date().toISOString(), by: 'caja', summary: 'Agregó 1 Horchata (Mediano); total Q35 → Q55' }], total: 55 }
    const server = serveEditor(saved)
    sheet(base)
    const title = await openEditor()
    // Keyboard and screen readers land on the editor.
    expect(document.activeElement).toBe(title)
    // The order's line in the storefront's own row: name, choices, unit price, stepper.
    expect(lineNames()).toEqual(['Chilaquiles Clásicos (Mediano)'])
    expect(screen.getByText('Salsa: Salsa Verde')).toBeTruthy()
    expect(newTotal()).toContain('Q35')
    expect(screen.getByRole('button', { name: 'Sin cambios' }).hasAttribute('disabled')).toBe(true)

    fireEvent.click(screen.getByRole('button', { name: 'Agregar producto' }))
    const search = await screen.findByRole('searchbox', { name: 'Buscar en el menú' })
    expect(document.activeElement).toBe(search)
    await screen.findByRole('button', { name: 'Agregar Horchata' })
    fireEvent.change(search, { target: { value: 'horch' } })
    expect(within(screen.getByRole('list', { name: 'Menú' })).getAllByTestId('picker-product')).toHaveLength(1)
    fireEvent.click(screen.getByRole('button', { name: 'Agregar Horchata' }))
    expect(lineNames()).toEqual(['Chilaquiles Clásicos (Mediano)', 'Horchata (Mediano) Nuevo'])
    expect(screen.getByTestId('picker-said').textContent).toBe('Se agregó Horchata')

    await waitFor(() => expect(screen.getByTestId('edit-new-total').textContent).toBe('Q55'))
    expect(newTotal()).toContain('Nuevo total')
    expect(newTotal()).not.toContain('aprox.')
    expect(newTotal()).toContain('antes Q35')
    fireEvent.click(screen.getByRole('button', { name: 'Agregar uno: Horchata (Mediano)' }))
    await waitFor(() => expect(screen.getByTestId('edit-new-total').textContent).toBe('Q75'))
    fireEvent.click(screen.getByRole('button', { name: 'Quitar uno: Horchata (Mediano)' }))
    await waitFor(() => expect(screen.getByTestId('edit-new-total').textContent).toBe('Q55'))
    // The server is asked what the save would record: the edit itself, from the version edited
    // (If-Match), with dryRun; the lines of an answer already had are not asked again.
    expect(server.previews).toHaveLength(2)
    expect(server.previews[0]?.ifMatch).toBe('"0"')
    expect(server.previews[0]?.body).toEqual({
      items: [
        { productId: 1, size: 'mediano', quantity: 1, customization: { sauceId: 1, sauceOnSide: false, removedIngredientIds: [], extraIds: [] }, options: [] },
        { productId: 5, size: 'mediano', quantity: 1, customization: null, options: [] },
      ],
    })
    // Typing the notes or the reason changes no price: nothing more is asked.
    fireEvent.change(screen.getByLabelText('Notas del pedido'), { target: { value: 'sin hielo' } })

    fireEvent.change(screen.getByLabelText('Motivo (opcional)'), { target: { value: 'lo pidió por WhatsApp' } })
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }))
    await waitFor(() => expect(server.patches).toHaveLength(1))
    expect(server.previews).toHaveLength(2)
    expect(server.patches[0]?.ifMatch).toBe('"0"')
    expect(server.patches[0]?.body).toEqual({
      items: [
        { productId: 1, size: 'mediano', quantity: 1, customization: { sauceId: 1, sauceOnSide: false, removedIngredientIds: [], extraIds: [] }, options: [] },
        { productId: 5, size: 'mediano', quantity: 1, customization: null, options: [] },
      ],
      notes: 'sin hielo',
      reason: 'lo pidió por WhatsApp',
    })
    expect(await screen.findByText('Pedido #12 actualizado')).toBeTruthy()
    // Back on the detail, focus where it left.
    await waitFor(() => expect(focused()).toBe('Editar pedido'))
  })

  test('a stale edit (someone else changed the order meanwhile): the 409 is said, and staff start again from the order as it is', async () => {
    const base = confirmed({ changes: [{ at: '2026-11-23T18:05:00.000Z', by: 'luis', summary: 'Cambió las notas: "sin hielo"' }] })
    const server = serveEditor(base, { refuse: STALE })
    sheet(base)
    await openEditor()
    fireEvent.click(screen.getByRole('button', { name: 'Agregar uno: Chilaquiles Clásicos (Mediano)' }))
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }))
    const alert = await screen.findByTestId('edit-refusal')
    expect(alert.getAttribute('role')).toBe('alert')
    expect(alert.textContent).toContain(STALE)
    // The version it was edited from: one change.
    expect(server.patches[0]?.ifMatch).toBe('"1"')
    fireEvent.click(within(alert).getByRole('button', { name: 'Empezar de nuevo con el pedido actual' }))
    await waitFor(() => expect(screen.queryByTestId('edit-refusal')).toBeNull())
    expect(screen.getByTestId('cart-qty').textContent).toBe('1')
  })

  test("a dish with choices opens the storefront's drawer ('Agregar al pedido'); a sold-out one cannot be added", async () => {
    serveEditor(confirmed())
    sheet(confirmed())
    await openEditor()
    fireEvent.click(screen.getByRole('button', { name: 'Agregar producto' }))
    await screen.findByRole('button', { name: 'Agregar Chilaquiles Clásicos' })
    expect(within(screen.getByRole('list', { name: 'Menú' })).getByText('Agotado por hoy')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Agregar Agua de Jamaica' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Agregar Chilaquiles Clásicos' }))
    const drawer = await screen.findByTestId('customize-drawer')
    fireEvent.click(await within(drawer).findByRole('radio', { name: 'Salsa Roja' }))
    fireEvent.click(within(drawer).getByRole('checkbox', { name: /Aguacate/ }))
    const confirm = within(drawer).getByTestId('drawer-confirm')
    expect(confirm.textContent).toBe('Agregar al pedido · Q45')
    fireEvent.click(confirm)
    await waitFor(() => expect(lineNames()).toEqual(['Chilaquiles Clásicos (Mediano)', 'Chilaquiles Clásicos (Mediano) Nuevo']))
    const added = screen.getAllByTestId('cart-line')[1] as HTMLElement
    expect(within(added).getByText('Salsa: Salsa Roja')).toBeTruthy()
    expect(within(added).getByText('Extras: Aguacate')).toBeTruthy()
    await waitFor(() => expect(screen.getByTestId('edit-new-total').textContent).toBe('Q80'))
  })

  test("the new total is the server's figure for the edit: subtotal, each discount, the fee and the total, never 'aprox.'; a line kept shows its recorded price", async () => {
    // The order had a 2x1 and a code; today's menu is dearer for the plate the customer was told Q35.
    const base = confirmed({ discounts: [{ promotionId: 7, name: 'Cliente frecuente', code: 'CLIENTE10', amount: 3 }], total: 32 })
    serveEditor(base, {
      today: { 1: 40 },
      discounts: (subtotal) => [
        { promotionId: 2, name: '2x1 en bebidas', code: null, amount: 20 },
        { promotionId: 7, name: 'Cliente frecuente', code: 'CLIENTE10', amount: Math.floor((subtotal - 20) / 10) },
      ],
    })
    sheet(base)
    await openEditor()
    fireEvent.click(screen.getByRole('button', { name: 'Agregar producto' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Agregar Horchata' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Agregar uno: Horchata (Mediano)' }))
    // 35 (kept) + 2 × 20 = 75; 2x1 -20; CLIENTE10 -5: Q50, as the server answered.
    await waitFor(() => expect(screen.getByTestId('edit-new-total').textContent).toBe('Q50'))
    expect(screen.getByTestId('edit-subtotal').textContent).toBe('Q75')
    expect(screen.getAllByTestId('edit-discount').map((d) => d.textContent)).toEqual(['Descuento (2x1 en bebidas)-Q20', 'Descuento (CLIENTE10)-Q5'])
    expect(newTotal()).not.toContain('aprox.')
    expect(newTotal()).toContain('antes Q32')
    expect(within(screen.getAllByTestId('cart-line')[0] as HTMLElement).getByTestId('cart-line-total').textContent).toBe('Q35')
  })

  test("the server's refusal of the edit is shown before saving, in staff's words: the order's code is named, the customer is 'el cliente'", async () => {
    const base = confirmed({ discounts: [{ promotionId: 7, name: 'Martes', code: 'MARTES', amount: 3 }] })
    serveEditor(base, { previewRefusal: 'Ese código pide un pedido mínimo de Q100' })
    sheet(base)
    await openEditor()
    fireEvent.click(screen.getByRole('button', { name: 'Quitar uno: Chilaquiles Clásicos (Mediano)' }))
    fireEvent.click(screen.getByRole('button', { name: 'Agregar producto' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Agregar Horchata' }))
    const refusal = await screen.findByTestId('edit-preview-refusal')
    expect(refusal.textContent).toBe('No se puede guardar así: El código MARTES pide un pedido mínimo de Q100')
    expect(screen.queryByTestId('edit-new-total')).toBeNull()
  })

  test('a code the edited order no longer meets (its minimum) leaves it, and the editor says so before saving', async () => {
    const base = confirmed({ discounts: [{ promotionId: 7, name: 'Martes', code: 'MARTES', amount: 3 }], total: 32 })
    serveEditor(base, { discounts: () => [] })
    sheet(base)
    await openEditor()
    fireEvent.click(screen.getByRole('button', { name: 'Agregar uno: Chilaquiles Clásicos (Mediano)' }))
    await waitFor(() => expect(screen.getByTestId('edit-new-total').textContent).toBe('Q70'))
    expect(screen.getByTestId('edit-discount-lost').textContent).toBe('Con estos cambios ya no aplica el código MARTES (era -Q3).')
  })

  test("the picker offers only what the order can have at its time: 'Agotado por hoy' (no portions left), 'Disponible de 7:00 a 11:00' (outside its hours), as the storefront says it", async () => {
    const window = (from: string, to: string) => [{ days: [0, 1, 2, 3, 4, 5, 6], from, to }]
    const menu = [
      ...MENU,
      product(7, 'Tostadas', 'antojitos', 25, null, { dailyLimit: 3 }),
      product(8, 'Desayuno chapín', 'desayunos', 45, null),
      product(9, 'Pupusas', 'antojitos', 30, null, { windows: window('18:00', '21:00') }),
      product(10, 'Café de olla', 'desayunos', 12, null, { windows: window('15:00', '16:00') }),
    ]
    const categories: Category[] = [
      { slug: 'antojitos', name: 'Antojitos', description: '', displayOrder: 1, visible: true, windows: [], whenUnavailable: 'show' },
      { slug: 'desayunos', name: 'Desayunos', description: '', displayOrder: 2, visible: true, windows: window('07:00', '11:00'), whenUnavailable: 'show' },
    ]
    // An order for 15:30 (a day whose portions are not counted here: the hours alone decide).
    const base = confirmed({ scheduledFor: '2099-11-24T15:30' })
    serveEditor(base, { menu, categories })
    sheet(base)
    await openEditor()
    fireEvent.click(screen.getByRole('button', { name: 'Agregar producto' }))
    const row = async (name: string) => (await screen.findAllByTestId('picker-product')).find((li) => li.querySelector('p')?.textContent === name) as HTMLElement
    await waitFor(async () => expect(within(await row('Desayuno chapín')).queryByText('Fuera de horario')).toBeTruthy())
    expect(within(await row('Desayuno chapín')).getByTestId('picker-hours').textContent).toBe('Disponible de 7:00 a 11:00')
    expect(within(await row('Pupusas')).getByTestId('picker-hours').textContent).toBe('Disponible de 18:00 a 21:00')
    expect(within(await row('Pupusas')).getByText('Fuera de horario')).toBeTruthy()
    // Its own hours replace its category's: served at 15:30.
    expect(within(await row('Café de olla')).getByTestId('picker-hours').textContent).toBe('Disponible de 15:00 a 16:00')
    expect(screen.getByRole('button', { name: 'Agregar Café de olla' })).toBeTruthy()
    for (const name of ['Desayuno chapín', 'Pupusas', 'Agua de Jamaica']) expect(screen.queryByRole('button', { name: `Agregar ${name}` })).toBeNull()
    expect(within(await row('Agua de Jamaica')).getByText('Agotado por hoy')).toBeTruthy()
  })

  test("an order for today: a dish whose portions are gone is 'Agotado por hoy', one with few says 'Quedan 2', and a line asking more than is left is flagged", async () => {
    const menu = [...MENU, product(7, 'Tostadas', 'antojitos', 25, null, { dailyLimit: 3 }), product(8, 'Tamal', 'antojitos', 15, null, { dailyLimit: 10 })]
    const base = confirmed({ items: [plateLine, { productId: 8, name: 'Tamal', size: 'mediano', quantity: 1, price: 15, lineTotal: 15, customization: null, options: [] }] })
    serveEditor(base, { menu, remaining: { '7': 0, '8': 2 } })
    sheet(base)
    await openEditor()
    fireEvent.click(screen.getByRole('button', { name: 'Agregar producto' }))
    const row = async (name: string) => (await screen.findAllByTestId('picker-product')).find((li) => li.querySelector('p')?.textContent?.startsWith(name)) as HTMLElement
    await waitFor(async () => expect(within(await row('Tostadas')).queryByText('Agotado por hoy')).toBeTruthy())
    expect(screen.queryByRole('button', { name: 'Agregar Tostadas' })).toBeNull()
    expect((await row('Tamal')).textContent).toContain('Quedan 2')
    // The order's own tamal is already counted: two more fit, a third does not.
    const more = () => fireEvent.click(screen.getByRole('button', { name: 'Agregar uno: Tamal (Mediano)' }))
    more()
    more()
    expect(screen.queryByText(/Baja la cantidad para guardar/)).toBeNull()
    more()
    expect(await screen.findByText('Solo quedan 2 más hoy. Baja la cantidad para guardar.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Agregar uno: Tamal (Mediano)' }).hasAttribute('disabled')).toBe(true)
  })

  test('removing every line cannot be saved; a delivery asks for its zone and address before its total', async () => {
    const server = serveEditor(confirmed())
    sheet(confirmed())
    await openEditor()
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar Chilaquiles Clásicos (Mediano)' }))
    expect(lineNames()).toEqual([])
    expect(screen.getByText('Sin productos. Agrega al menos uno.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }))
    expect(await screen.findByText('El pedido debe tener al menos un producto.')).toBeTruthy()
    expect(server.patches).toHaveLength(0)

    cleanup()
    sheet(confirmed())
    await openEditor()
    fireEvent.click(screen.getByRole('radio', { name: 'A domicilio' }))
    expect(newTotal()).toContain('Elige la zona para calcular el nuevo total.')
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }))
    expect(await screen.findByText('Revisa los datos marcados arriba.')).toBeTruthy()
    expect(server.patches).toHaveLength(0)
    const zone = await screen.findByRole('option', { name: 'Zona 10 · Q15' })
    fireEvent.change(screen.getByLabelText('Zona'), { target: { value: (zone as HTMLOptionElement).value } })
    fireEvent.change(screen.getByLabelText('Dirección'), { target: { value: '5a avenida 12-34' } })
    await waitFor(() => expect(screen.getByTestId('edit-new-total').textContent).toBe('Q50'))
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }))
    await waitFor(() => expect(server.patches).toHaveLength(1))
    expect(server.patches[0]?.body).toEqual({ fulfilment: 'delivery', zoneId: 3, address: '5a avenida 12-34' })
  })

  test('by keyboard: every control of the editor is a native, focusable one, and the picker gives focus back to its button', async () => {
    serveEditor(confirmed())
    sheet(confirmed())
    await openEditor()
    fireEvent.click(screen.getByRole('button', { name: 'Agregar producto' }))
    await screen.findByRole('button', { name: 'Agregar Horchata' })
    const region = screen.getByRole('region', { name: 'Cambios del pedido' })
    const controls = Array.from(region.querySelectorAll<HTMLElement>('button, input, select, textarea, [role="radio"]'))
    expect(controls.length).toBeGreaterThan(8)
    for (const control of controls) {
      expect({ control: control.outerHTML.slice(0, 80), tabIndex: control.tabIndex >= 0 || control.getAttribute('type') === 'radio' }).toEqual({ control: control.outerHTML.slice(0, 80), tabIndex: true })
      expect(control.closest('[aria-hidden="true"]')).toBeNull()
    }
    fireEvent.click(screen.getByRole('button', { name: 'Listo' }))
    await waitFor(() => expect(focused()).toBe('Agregar producto'))
  })
})

describe('the detail after a change', () => {
  test("shows who changed what and when, the discount by its code, and 'Avisar por WhatsApp' says what changed and the new total", () => {
    const at = new Date().toISOString()
    sheet(
      confirmed({
        subtotal: 75,
        total: 55,
        discounts: [{ promotionId: 1, name: 'Martes', code: 'MARTES', amount: 20 }],
        changes: [{ at, by: 'caja', summary: 'Agregó 1 Horchata (Mediano); total Q35 → Q55', customerSummary: 'Agregó 1 Horchata (Mediano); total Q35 → Q55' }],
        statusHistory: [{ status: 'confirmed', at: '2026-11-23T18:00:00.000Z' }],
        trackingToken: null,
      }),
    )
    const change = screen.getByTestId('order-change')
    expect(change.textContent).toContain('caja')
    expect(change.textContent).toContain('Agregó 1 Horchata (Mediano); total Q35 → Q55')
    expect(change.querySelector('time')?.getAttribute('dateTime')).toBe(at)
    expect(screen.getByTestId('changed-badge').textContent).toMatch(/^Modificado \d{1,2}:\d{2}$/)
    expect(screen.getByTestId('order-discount').textContent).toBe('Descuento (MARTES)-Q20')
    const href = screen.getByRole('link', { name: 'Avisar por WhatsApp' }).getAttribute('href') ?? ''
    expect(decodeURIComponent(href.split('?text=')[1] ?? '')).toBe('Tu pedido #12 cambió: agregó 1 Horchata (Mediano)\nTotal: Q55')
  })
})

describe("the board on a 'changed' event (another device edited an order)", () => {
  const globals = globalThis as unknown as { EventSource?: unknown }
  beforeEach(() => {
    FakeEventSource.instances = []
    globals.EventSource = FakeEventSource
  })
  afterEach(() => {
    delete globals.EventSource
  })

  test('the order is read again (its new total on the list), a toast says what changed, and it prints again only when the owner chose so', async () => {
    const before = order({ number: 5, customerName: 'Ana', total: 20, createdAt: new Date().toISOString() })
    const api = serveOrders([before])
    restore = api.restore
    // Caught before it is attached: happy-dom cannot load the ticket into a frame.
    const frames: string[] = []
    const append = document.body.append
    document.body.append = (...nodes: (Node | string)[]) => void frames.push(...nodes.filter((n): n is HTMLIFrameElement => n instanceof HTMLIFrameElement).map((f) => new URL(f.src).pathname))
    try {
      renderAdmin(<PedidosPage />)
      await screen.findByRole('list', { name: 'Pedidos' })
      const source = FakeEventSource.instances.at(-1) as FakeEventSource
      act(() => source.open())
      // The owner's choice: auto-print on, then 'Volver a imprimir los pedidos modificados'.
      fireEvent.click(screen.getByRole('switch', { name: 'Imprimir pedidos nuevos automáticamente' }))
      fireEvent.click(await screen.findByRole('switch', { name: 'Volver a imprimir los pedidos modificados' }))

      const change = { at: new Date().toISOString(), by: 'luis', summary: 'Agregó 1 Horchata (Mediano); total Q20 → Q40' }
      api.edit(before.id, { total: 40, changes: [change] })
      const changed = () => api.gets().filter((u) => u === '/api/orders?limit=1&before=6')
      act(() => source.send({ type: 'changed', id: before.id, number: 5, status: 'pending' }))
      expect(await screen.findByText('Pedido #5 modificado')).toBeTruthy()
      expect(screen.getByText(change.summary)).toBeTruthy()
      await waitFor(() => expect(within(screen.getByRole('list', { name: 'Pedidos' })).getByRole('button').textContent).toContain('Q40'))
      expect(changed().length).toBeGreaterThanOrEqual(1)
      // Not announced as a new order.
      expect(screen.queryByText('Nuevo pedido #5')).toBeNull()
      await waitFor(() => expect(frames).toEqual([`/admin/pedidos/${before.id}/ticket`]))
    } finally {
      document.body.append = append
    }
  })
})
