import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { emptySummary, type OrderSummary } from '@/shared/order-list'
import { isoToZoned } from '@/shared/store-hours'
import type { Order } from '@/shared/schemas'
import { renderAdmin } from '../../test/render'
import { SOUND_STORAGE_KEY, resetAudioForTests } from './order-cue'
import { FakeAudioContext, FakeEventSource, order, serveOrders } from './test-support'
import PedidosPage from './pedidos-page'

const globals = globalThis as unknown as { EventSource?: unknown; AudioContext?: unknown }
let restore = () => {}
beforeEach(() => {
  FakeEventSource.instances = []
  globals.EventSource = FakeEventSource
  globals.AudioContext = FakeAudioContext
  ;(window as unknown as { AudioContext?: unknown }).AudioContext = FakeAudioContext
  FakeAudioContext.notes = 0
  resetAudioForTests()
  localStorage.clear()
})
afterEach(() => {
  cleanup()
  restore()
  delete globals.EventSource
})

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString()

/** The orders API of test-support.ts (newest first, paged, filtered, counted), restored after the test. */
function serve(orders: Order[], options: { summary?: OrderSummary } = {}) {
  const api = serveOrders(orders, options)
  restore = api.restore
  return api
}

// The addresses the board reads (the query strings as shared/order-list.ts writes them).
const SUMMARY = '/api/orders/summary'
const ACTIVE = '/api/orders?limit=500&status=pending&status=confirmed&status=preparing&status=ready'
const FIRST_PAGE = '/api/orders?limit=50'
const SETTINGS = '/api/order-settings'
/** Reads made together (refetched at once) come in no set order. */
const sorted = (...urls: string[]) => urls.toSorted()

/** `count` delivered orders numbered `count` down to 1, created a minute apart (the newest a minute ago). */
const history = (count: number, over: (n: number) => Partial<Order> = () => ({})) =>
  Array.from({ length: count }, (_, i) => order({ number: count - i, status: 'delivered', customerName: `Cliente ${count - i}`, createdAt: minutesAgo(i + 1), ...over(count - i) }))

/** The restaurant's wall clock `minutes` from now ("YYYY-MM-DDTHH:MM"), as an order for later carries it. */
const wallClockIn = (minutes: number) => isoToZoned(new Date(Date.now() + minutes * 60_000).toISOString())

const counter = (title: string) => screen.getByText(title, { selector: 'dt' }).nextElementSibling?.textContent
const rows = () => within(screen.getByRole('list', { name: 'Pedidos' })).getAllByRole('button')
const source = () => {
  const s = FakeEventSource.instances.at(-1)
  if (!s) throw new Error('no EventSource opened')
  return s
}

describe('Pedidos board', () => {
  test('no orders: the counters are 0 and the list says so; the board reads the summary and the active orders only', async () => {
    const api = serve([])
    renderAdmin(<PedidosPage />)
    expect(await screen.findByText('No hay pedidos registrados')).toBeTruthy()
    await waitFor(() => expect([counter('Pedidos Pendientes'), counter('En Proceso'), counter('Completados Hoy')]).toEqual(['0', '0', '0']))
    expect(api.gets().toSorted()).toEqual(sorted(ACTIVE, SUMMARY, SETTINGS))

    fireEvent.click(screen.getByRole('tab', { name: 'Todos (0)' }))
    expect(await screen.findByText('No hay pedidos registrados')).toBeTruthy()
    expect(api.gets().at(-1)).toBe(FIRST_PAGE)
  })

  test('the counters and the Todos count are the summary\'s; active orders listed newest first with number, time, name, delivery, total and status', async () => {
    const newest = order({ number: 12, customerName: 'Ana López', fulfilment: 'delivery', zoneName: 'Zona 10', total: 95, createdAt: minutesAgo(1) })
    const cooking = order({ number: 11, status: 'preparing', customerName: 'Luis', total: 45, createdAt: minutesAgo(10) })
    const ready = order({ number: 10, status: 'ready', customerName: null, total: 60, createdAt: minutesAgo(20) })
    const done = order({ number: 9, status: 'delivered', createdAt: minutesAgo(40), statusHistory: [{ status: 'delivered', at: minutesAgo(2) }] })
    const cancelled = order({ number: 8, status: 'cancelled', createdAt: minutesAgo(50) })
    // Counted by the database over every order ever placed: more than the board ever reads.
    const summary: OrderSummary = { ...emptySummary(), total: 240, byStatus: { pending: 4, confirmed: 1, preparing: 2, ready: 3, delivered: 200, cancelled: 30 }, completedToday: 17 }
    serve([newest, cooking, ready, done, cancelled], { summary })
    renderAdmin(<PedidosPage />)

    await screen.findByRole('list', { name: 'Pedidos' })
    await waitFor(() => expect([counter('Pedidos Pendientes'), counter('En Proceso'), counter('Completados Hoy')]).toEqual(['4', '6', '17']))
    expect(screen.getByRole('tab', { name: 'Activos (3)' }).getAttribute('aria-selected')).toBe('true')

    const [first, second, third] = rows()
    expect(rows()).toHaveLength(3)
    expect(first?.textContent).toContain('#12')
    expect(first?.textContent).toContain('Ana López')
    expect(first?.textContent).toContain('A domicilio · Zona 10')
    expect(first?.textContent).toContain('Q95')
    expect(first?.textContent).toContain('Pendiente')
    expect(first?.querySelector('time')?.textContent).toMatch(/^\d{1,2}:\d{2}$/) // 24-hour, as the slots
    expect(second?.textContent).toContain('#11')
    expect(second?.textContent).toContain('En preparación')
    expect(third?.textContent).toContain('Cliente sin nombre')
    expect(third?.textContent).toContain('Listo')

    fireEvent.click(screen.getByRole('tab', { name: 'Todos (240)' }))
    await waitFor(() => expect(rows()).toHaveLength(5))
    expect(rows().map((r) => r.textContent?.match(/^Pedido #\d+/)?.[0])).toEqual(['Pedido #12', 'Pedido #11', 'Pedido #10', 'Pedido #9', 'Pedido #8'])
    expect(rows()[4]?.textContent).toContain('Cancelado')
  })

  test("orders for later are counted apart: the counters say what 'Activos' holds, 'Programados' holds the rest", async () => {
    const tomorrow = wallClockIn(24 * 60)
    serve([
      order({ number: 3, customerName: 'Ahora', createdAt: minutesAgo(1) }),
      order({ number: 2, customerName: 'Mañana', scheduledFor: tomorrow, createdAt: minutesAgo(2) }),
      order({ number: 1, status: 'confirmed', customerName: 'Mañana también', scheduledFor: tomorrow, createdAt: minutesAgo(3) }),
    ])
    renderAdmin(<PedidosPage />)
    await screen.findByRole('tab', { name: 'Activos (1)' })
    await waitFor(() => expect([counter('Pedidos Pendientes'), counter('En Proceso'), counter('Completados Hoy')]).toEqual(['1', '0', '0']))
    expect(rows().map((r) => r.textContent?.match(/^Pedido #\d+/)?.[0])).toEqual(['Pedido #3'])
    fireEvent.click(screen.getByRole('tab', { name: 'Programados (2)' }))
    await waitFor(() => expect(rows()).toHaveLength(2))
    expect(screen.getByRole('tab', { name: 'Todos (3)' })).toBeTruthy()
  })

  test("'Más tiempo' brings an order for later into 'Activos': the summary is read again and the counters follow", async () => {
    const api = serve([order({ number: 7, customerName: 'Pronto', scheduledFor: wallClockIn(40), createdAt: minutesAgo(5) })])
    renderAdmin(<PedidosPage />)
    await screen.findByRole('tab', { name: 'Programados (1)' })
    await waitFor(() => expect(counter('Pedidos Pendientes')).toBe('0'))
    const summaryReads = () => api.gets().filter((u) => u === SUMMARY).length
    const before = summaryReads()
    // 20 + 30 minutes: an order due in 40 minutes has to start now.
    fireEvent.click(await screen.findByRole('button', { name: 'Más tiempo: 30 minutos' }))
    await screen.findByRole('tab', { name: 'Activos (1)' })
    await waitFor(() => expect(counter('Pedidos Pendientes')).toBe('1'))
    expect(summaryReads()).toBe(before + 1)
    expect(screen.getByRole('tab', { name: 'Programados (0)' })).toBeTruthy()
  })

  test("'Todos' reads 50 orders at a time; 'Mostrar más' asks for the ones numbered below the last shown", async () => {
    const api = serve(history(60))
    renderAdmin(<PedidosPage />)
    fireEvent.click(await screen.findByRole('tab', { name: 'Todos (60)' }))
    await waitFor(() => expect(rows()).toHaveLength(50))
    expect(api.gets().filter((u) => u !== ACTIVE && u !== SUMMARY && u !== SETTINGS)).toEqual([FIRST_PAGE])
    expect(rows().at(-1)?.textContent).toContain('#11')

    fireEvent.click(screen.getByRole('button', { name: 'Mostrar más' }))
    await waitFor(() => expect(rows()).toHaveLength(60))
    expect(api.gets().at(-1)).toBe('/api/orders?limit=50&before=11')
    expect(rows().at(-1)?.textContent).toContain('#1')
    // A short page: nothing older to ask for.
    expect(screen.queryByRole('button', { name: 'Mostrar más' })).toBeNull()
  })

  test("a live event rereads the summary, the active orders and the first page of 'Todos' while it shows, never the older pages", async () => {
    const api = serve(history(60))
    renderAdmin(<PedidosPage />)
    fireEvent.click(await screen.findByRole('tab', { name: 'Todos (60)' }))
    await waitFor(() => expect(rows()).toHaveLength(50))
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar más' }))
    await waitFor(() => expect(rows()).toHaveLength(60))

    let mark = api.gets().length
    act(() => source().open())
    await waitFor(() => expect(api.gets().slice(mark).toSorted()).toEqual(sorted(FIRST_PAGE, ACTIVE, SUMMARY)))

    mark = api.gets().length
    const arriving = order({ number: 61, customerName: 'Nueva', createdAt: minutesAgo(0) })
    api.add(arriving)
    act(() => source().send({ type: 'created', id: arriving.id, number: 61, status: 'pending' }))
    await screen.findByText('Nuevo pedido #61')
    expect(api.gets().slice(mark).toSorted()).toEqual(sorted(FIRST_PAGE, ACTIVE, SUMMARY))
    // The new first page joins the older pages already shown: all 61, none twice.
    expect(rows()).toHaveLength(61)
    expect(rows()[0]?.textContent).toContain('Nuevo')
    expect(rows().at(-1)?.textContent).toContain('#1')
    expect(screen.getByRole('tab', { name: 'Todos (61)' })).toBeTruthy()

    // 'Todos' hidden: its page is not read until it shows again, then once.
    fireEvent.click(screen.getByRole('tab', { name: /^Activos/ }))
    mark = api.gets().length
    act(() => source().send({ type: 'status', id: arriving.id, number: 61, status: 'pending' }))
    await waitFor(() => expect(api.gets().slice(mark).toSorted()).toEqual(sorted(ACTIVE, SUMMARY)))
    fireEvent.click(screen.getByRole('tab', { name: /^Todos/ }))
    await waitFor(() => expect(api.gets().slice(mark).toSorted()).toEqual(sorted(FIRST_PAGE, ACTIVE, SUMMARY)))
    expect(api.gets().some((u) => u.includes('before='))).toBe(true) // 'Mostrar más' once…
    expect(api.gets().filter((u) => u.includes('before='))).toHaveLength(1) // …and never again
  })

  test("a day in 'Todos' reads that restaurant day's orders", async () => {
    const api = serve([
      order({ number: 3, status: 'delivered', customerName: 'Hoy', createdAt: '2026-11-23T18:00:00.000Z' }),
      // 23:30 on the 22nd in Guatemala, already the 23rd in UTC.
      order({ number: 2, status: 'delivered', customerName: 'Anoche', createdAt: '2026-11-23T05:30:00.000Z' }),
      order({ number: 1, status: 'delivered', customerName: 'Antier', createdAt: '2026-11-21T18:00:00.000Z' }),
    ])
    renderAdmin(<PedidosPage />)
    fireEvent.click(await screen.findByRole('tab', { name: 'Todos (3)' }))
    await waitFor(() => expect(rows()).toHaveLength(3))

    fireEvent.change(screen.getByLabelText('Día'), { target: { value: '2026-11-22' } })
    await waitFor(() => expect(rows().map((r) => r.textContent?.match(/^Pedido #\d+/)?.[0])).toEqual(['Pedido #2']))
    expect(api.gets().at(-1)).toBe('/api/orders?limit=50&from=2026-11-22&to=2026-11-22')

    fireEvent.change(screen.getByLabelText('Día'), { target: { value: '2026-11-20' } })
    expect(await screen.findByText('No hay pedidos ese día')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Todos los días' }))
    await waitFor(() => expect(rows()).toHaveLength(3))
    expect((screen.getByLabelText('Día') as HTMLInputElement).value).toBe('')
  })

  test('an order opens its detail: lines with customisation, address, notes, payment; the next status moves it', async () => {
    const full = order({
      number: 7,
      customerName: 'Marta',
      customerPhone: '50255551234',
      fulfilment: 'delivery',
      zoneName: 'Zona 10',
      address: '5a avenida 10-20, zona 10',
      addressReference: 'Portón negro',
      notes: 'Tocar el timbre dos veces',
      payment: 'efectivo',
      cashAmount: 200,
      items: [
        {
          productId: 1,
          name: 'Chilaquiles Clásicos',
          size: 'grande',
          quantity: 2,
          price: 65,
          lineTotal: 130,
          customization: {
            sauce: { id: 3, name: 'Salsa Verde' },
            sauceOnSide: true,
            removed: [{ id: 4, name: 'Cebolla' }],
            extras: [{ id: 5, name: 'Aguacate', price: 10 }],
          },
        },
      ],
      subtotal: 130,
      deliveryFee: 15,
      total: 145,
      createdAt: minutesAgo(3),
    })
    const api = serve([full])
    renderAdmin(<PedidosPage />)
    fireEvent.click(await screen.findByRole('button', { name: /^Pedido #7 .*Marta/ }))

    const sheet = await screen.findByRole('dialog', { name: /Pedido #7/ })
    const text = sheet.textContent ?? ''
    for (const expected of [
      '2 × Chilaquiles Clásicos (Grande)',
      'Q130',
      'Salsa: Salsa Verde (por aparte)',
      'Extras: Aguacate (+Q10)',
      'Sin: Cebolla',
      'A domicilio · Zona 10',
      '5a avenida 10-20, zona 10',
      'Referencia: Portón negro',
      'Tocar el timbre dos veces',
      'Efectivo · paga con Q200 (cambio Q55)',
      'Envío',
      'Q145',
      '+502 5555 1234',
    ]) {
      expect(text).toContain(expected)
    }
    expect(within(sheet).getByRole('button', { name: 'Cancelar pedido' })).toBeTruthy()

    fireEvent.click(within(sheet).getByRole('button', { name: 'Marcar como Confirmado' }))
    await within(sheet).findByRole('button', { name: 'Marcar como En preparación' })
    expect(api.calls.filter((c) => c.method === 'PATCH').map((c) => `${c.path} ${c.body}`)).toEqual([`/api/orders/${full.id}/status {"status":"confirmed"}`])
    // The badge beside the title, and the new last entry of the history.
    expect(within(sheet).getAllByText('Confirmado').map((el) => el.tagName)).toEqual(['SPAN', 'SPAN'])
    expect(within(sheet).getByRole('list', { name: 'Historial' }).lastElementChild?.textContent).toContain('Confirmado')
  })

  test("a line's options read under it as the chat says them, one group a line, before the sauce and extras; an older line has none", async () => {
    const withOptions = order({
      number: 8,
      customerName: 'Lucía',
      items: [
        {
          productId: 4,
          name: 'Café con leche',
          size: 'grande',
          quantity: 1,
          price: 30,
          lineTotal: 30,
          customization: { sauce: null, sauceOnSide: false, removed: [], extras: [{ id: 5, name: 'Canela', price: 2 }] },
          options: [
            { groupId: 10, optionId: 3, group: 'Leche', name: 'Almendra', price: 5 },
            { groupId: 11, optionId: 4, group: 'Endulzante', name: 'Azúcar', price: 0 },
            { groupId: 11, optionId: 5, group: 'Endulzante', name: 'Miel', price: 3 },
          ],
        },
        { productId: 1, name: 'Horchata', size: 'mediano', quantity: 1, price: 20, lineTotal: 20, customization: null },
      ],
      subtotal: 50,
      total: 50,
      createdAt: minutesAgo(2),
    })
    serve([withOptions])
    renderAdmin(<PedidosPage />)
    fireEvent.click(await screen.findByRole('button', { name: /^Pedido #8 .*Lucía/ }))
    const sheet = await screen.findByRole('dialog', { name: /Pedido #8/ })
    const lines = within(sheet).getAllByRole('listitem').filter((li) => li.closest('section')?.querySelector('h3')?.textContent === 'Productos')
    expect([...(lines[0]?.querySelectorAll('p') ?? [])].map((p) => p.textContent)).toEqual(['Leche: Almendra (+Q5)', 'Endulzante: Azúcar, Miel (+Q3)', 'Extras: Canela (+Q2)'])
    expect(lines[1]?.querySelectorAll('p')).toHaveLength(0)
  })

  test('the next-status buttons follow the rule: ready can be delivered or cancelled; a delivered order has none', async () => {
    serve([order({ number: 3, status: 'ready', customerName: 'Rita', createdAt: minutesAgo(1) }), order({ number: 2, status: 'delivered', customerName: 'Pepe', createdAt: minutesAgo(5) })])
    renderAdmin(<PedidosPage />)
    fireEvent.click(await screen.findByRole('button', { name: /^Pedido #3 .*Rita/ }))
    const sheet = await screen.findByRole('dialog', { name: /Pedido #3/ })
    expect(within(sheet).getByRole('button', { name: 'Marcar como Entregado' })).toBeTruthy()
    expect(within(sheet).getByRole('button', { name: 'Cancelar pedido' })).toBeTruthy()
    fireEvent.keyDown(sheet, { key: 'Escape' })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    fireEvent.click(screen.getByRole('tab', { name: 'Todos (2)' }))
    fireEvent.click(await screen.findByRole('button', { name: /^Pedido #2 .*Pepe/ }))
    const delivered = await screen.findByRole('dialog', { name: /Pedido #2/ })
    expect(within(delivered).queryByRole('button', { name: /^Marcar como/ })).toBeNull()
    expect(within(delivered).queryByRole('button', { name: 'Cancelar pedido' })).toBeNull()
  })

  test("orders in the older pages of 'Todos' stay current: moved by someone else, each is reread alone by its number", async () => {
    const orders = history(60, (n) => (n === 5 ? { status: 'ready' } : n === 4 ? { status: 'confirmed' } : {}))
    const byNumber = (n: number) => orders.find((o) => o.number === n) as Order
    const api = serve(orders)
    renderAdmin(<PedidosPage />)
    act(() => source().open())
    fireEvent.click(await screen.findByRole('tab', { name: 'Todos (60)' }))
    await waitFor(() => expect(rows()).toHaveLength(50))
    fireEvent.click(screen.getByRole('button', { name: 'Mostrar más' }))
    await waitFor(() => expect(rows()).toHaveLength(60))
    // By its text, not by role and name: computing 60 accessible names per look is slow in happy-dom.
    const row = (n: number) => {
      const found = [...document.querySelectorAll('ul[aria-label="Pedidos"] button')].find((b) => b.textContent?.startsWith(`Pedido #${n} `))
      if (!found) throw new Error(`no row for #${n}`)
      return found
    }
    expect(row(5).textContent).toContain('Listo')

    // A point of sale hands #5 over: it leaves the active list, so its copy in the second page is reread alone.
    let mark = api.gets().length
    api.move(byNumber(5).id, 'delivered')
    act(() => source().send({ type: 'status', id: byNumber(5).id, number: 5, status: 'delivered' }))
    await waitFor(() => expect(row(5).textContent).toContain('Entregado'))
    expect(api.gets().slice(mark).toSorted()).toEqual(sorted(FIRST_PAGE, '/api/orders?limit=1&before=6', ACTIVE, SUMMARY))

    // #4, opened from the second page: the sheet reads it by its number on each event, and shows the cancellation made elsewhere.
    fireEvent.click(row(4))
    const sheet = await screen.findByRole('dialog', { name: /Pedido #4/ })
    expect(within(sheet).getByRole('button', { name: 'Marcar como En preparación' })).toBeTruthy()
    mark = api.gets().length
    api.move(byNumber(4).id, 'cancelled')
    act(() => source().send({ type: 'status', id: byNumber(4).id, number: 4, status: 'cancelled' }))
    // A count, not the element: a failed check would print the element, which takes seconds with this many rows.
    await waitFor(() => expect(within(sheet).queryAllByRole('button', { name: /^Marcar como/ }).length).toBe(0))
    expect(within(sheet).getAllByText('Cancelado').length).toBeGreaterThan(0)
    // The sheet's own read brought it: no second read of #4 for the list.
    expect(api.gets().slice(mark).toSorted()).toEqual(sorted(FIRST_PAGE, '/api/orders?limit=1&before=5', ACTIVE, SUMMARY))
    expect(row(4).textContent).toContain('Cancelado')
  })

  test('cancelling asks first, then moves the order to Cancelado', async () => {
    const api = serve([order({ number: 5, customerName: 'Eva', createdAt: minutesAgo(1) })])
    renderAdmin(<PedidosPage />)
    fireEvent.click(await screen.findByRole('button', { name: /^Pedido #5 .*Eva/ }))
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar pedido' }))
    const confirm = await screen.findByRole('alertdialog', { name: '¿Cancelar el pedido #5?' })
    expect(api.calls.some((c) => c.method === 'PATCH')).toBe(false)
    fireEvent.click(within(confirm).getByRole('button', { name: 'Sí, cancelar pedido' }))
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual(['{"status":"cancelled"}']))
  })

  test('a new order arrives through the event stream: refetched, on top, marked Nuevo, with a toast and a chime', async () => {
    const api = serve([order({ number: 1, customerName: 'Primera', createdAt: minutesAgo(5) })])
    renderAdmin(<PedidosPage />)
    await screen.findByRole('button', { name: /^Pedido #1 .*Primera/ })
    expect(source().url).toBe('/api/orders/events')
    act(() => source().open())
    fireEvent.pointerDown(window) // the owner has touched the page: sound is allowed

    const arriving = order({ number: 2, customerName: 'Segunda', total: 85, createdAt: minutesAgo(0) })
    api.add(arriving)
    act(() => source().send({ type: 'created', id: arriving.id, number: 2, status: 'pending' }))
    await screen.findByRole('button', { name: /^Pedido #2 .*Segunda/ })
    expect(rows()[0]?.textContent).toContain('Nuevo')
    expect(await screen.findByText('Nuevo pedido #2')).toBeTruthy()
    expect(screen.getByText('Segunda · Recoger en el local · Q85')).toBeTruthy()
    expect(FakeAudioContext.notes).toBe(2)
    expect(counter('Pedidos Pendientes')).toBe('2')

    // Opening it clears the mark and its toast.
    fireEvent.click(rows()[0] as HTMLElement)
    await screen.findByRole('dialog', { name: /Pedido #2/ })
    await waitFor(() => expect(screen.queryByText('Nuevo pedido #2')).toBeNull())
    expect(screen.getByRole('button', { name: /^Pedido #2 .*Segunda/, hidden: true }).textContent).not.toContain('Nuevo')
  })

  test('muted (remembered in localStorage): the toast still shows, no chime', async () => {
    const api = serve([])
    renderAdmin(<PedidosPage />)
    const sound = await screen.findByRole('switch', { name: 'Sonido de pedidos nuevos' })
    expect(sound.getAttribute('aria-checked')).toBe('true')
    fireEvent.click(sound)
    expect(sound.getAttribute('aria-checked')).toBe('false')
    expect(localStorage.getItem(SOUND_STORAGE_KEY)).toBe('silenciado')

    const arriving = order({ number: 4, customerName: 'Callada', createdAt: minutesAgo(0) })
    api.add(arriving)
    act(() => source().send({ type: 'created', id: arriving.id, number: 4, status: 'pending' }))
    expect(await screen.findByText('Nuevo pedido #4')).toBeTruthy()
    expect(FakeAudioContext.notes).toBe(0)

    cleanup()
    renderAdmin(<PedidosPage />)
    expect((await screen.findByRole('switch', { name: 'Sonido de pedidos nuevos' })).getAttribute('aria-checked')).toBe('false')
  })

  test('a status event rereads the summary and the active orders without a cue; so does a reconnection; a bad event is ignored', async () => {
    const sol = order({ number: 6, customerName: 'Sol', createdAt: minutesAgo(1) })
    const api = serve([sol])
    renderAdmin(<PedidosPage />)
    await screen.findByRole('button', { name: /^Pedido #6 .*Sol/ })
    const reads = () => [SUMMARY, ACTIVE].map((url) => api.gets().filter((u) => u === url).length)
    await waitFor(() => expect(reads()).toEqual([1, 1]))
    expect(screen.getByRole('status').textContent).toBe('Conectando…')
    act(() => source().open()) // opened: catch up on anything placed since the first read
    await waitFor(() => expect(reads()).toEqual([2, 2]))
    expect(screen.getByRole('status').textContent).toBe('● En vivo')
    api.move(sol.id, 'confirmed')
    act(() => source().send({ type: 'status', id: sol.id, number: 6, status: 'confirmed' }))
    await waitFor(() => expect(reads()).toEqual([3, 3]))
    await waitFor(() => expect(rows()[0]?.textContent).toContain('Confirmado'))
    await waitFor(() => expect(counter('En Proceso')).toBe('1'))
    act(() => source().drop()) // the connection drops; the browser reconnects by itself
    expect(screen.getByRole('status').textContent).toBe('Conectando…')
    act(() => source().open())
    await waitFor(() => expect(reads()).toEqual([4, 4]))
    act(() => source().send({ nonsense: true }))
    expect(reads()).toEqual([4, 4])
    // Nothing but those two was read: no history, no single order.
    expect(new Set(api.gets())).toEqual(new Set([SUMMARY, ACTIVE, SETTINGS]))
    expect(screen.queryByText(/Nuevo pedido/)).toBeNull()
  })

  test('leaving the page closes the stream', async () => {
    serve([])
    const { unmount } = renderAdmin(<PedidosPage />)
    await screen.findByText('No hay pedidos registrados')
    const s = source()
    unmount()
    expect(s.readyState).toBe(FakeEventSource.CLOSED)
  })
})
