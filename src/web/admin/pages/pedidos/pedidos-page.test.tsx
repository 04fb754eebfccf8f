import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { Order } from '@/shared/schemas'
import { json, mockFetch, renderAdmin } from '../../test/render'
import { SOUND_STORAGE_KEY, resetAudioForTests } from './order-cue'
import { FakeAudioContext, FakeEventSource, order } from './test-support'
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

/** Serves GET /api/orders from `orders` (newest first, as the server does) and applies PATCHes. */
function serve(initial: Order[]) {
  let orders = initial
  const api = mockFetch(async (req) => {
    const path = new URL(req.url).pathname
    const move = /^\/api\/orders\/(\d+)\/status$/.exec(path)
    if (req.method === 'PATCH' && move) {
      const { status } = (await req.json()) as { status: Order['status'] }
      const id = Number(move[1])
      orders = orders.map((o) => (o.id === id ? { ...o, status, statusHistory: [...o.statusHistory, { status, at: new Date().toISOString() }] } : o))
      return json(orders.find((o) => o.id === id))
    }
    if (path === '/api/orders') return json(orders)
    return json({ message: 'no' }, 404)
  })
  restore = api.restore
  return {
    calls: api.calls,
    add: (o: Order) => {
      orders = [o, ...orders]
    },
  }
}

const counter = (title: string) => screen.getByText(title, { selector: 'dt' }).nextElementSibling?.textContent
const rows = () => within(screen.getByRole('list', { name: 'Pedidos' })).getAllByRole('button')
const source = () => {
  const s = FakeEventSource.instances.at(-1)
  if (!s) throw new Error('no EventSource opened')
  return s
}

describe('Pedidos board', () => {
  test('no orders: the counters are 0 and the list says so', async () => {
    serve([])
    renderAdmin(<PedidosPage />)
    expect(await screen.findByText('No hay pedidos registrados')).toBeTruthy()
    expect([counter('Pedidos Pendientes'), counter('En Proceso'), counter('Completados Hoy')]).toEqual(['0', '0', '0'])
  })

  test('counters from the orders; active orders listed newest first with number, time, name, delivery, total and status', async () => {
    const newest = order({ number: 12, customerName: 'Ana López', fulfilment: 'delivery', zoneName: 'Zona 10', total: 95, createdAt: minutesAgo(1) })
    const cooking = order({ number: 11, status: 'preparing', customerName: 'Luis', total: 45, createdAt: minutesAgo(10) })
    const ready = order({ number: 10, status: 'ready', customerName: null, total: 60, createdAt: minutesAgo(20) })
    const done = order({ number: 9, status: 'delivered', createdAt: minutesAgo(40), statusHistory: [{ status: 'delivered', at: minutesAgo(2) }] })
    const cancelled = order({ number: 8, status: 'cancelled', createdAt: minutesAgo(50) })
    serve([newest, cooking, ready, done, cancelled])
    renderAdmin(<PedidosPage />)

    await screen.findByRole('list', { name: 'Pedidos' })
    expect([counter('Pedidos Pendientes'), counter('En Proceso'), counter('Completados Hoy')]).toEqual(['1', '2', '1'])
    expect(screen.getByRole('tab', { name: 'Activos (3)' }).getAttribute('aria-selected')).toBe('true')

    const [first, second, third] = rows()
    expect(rows()).toHaveLength(3)
    expect(first?.textContent).toContain('#12')
    expect(first?.textContent).toContain('Ana López')
    expect(first?.textContent).toContain('A domicilio · Zona 10')
    expect(first?.textContent).toContain('Q95')
    expect(first?.textContent).toContain('Pendiente')
    expect(first?.querySelector('time')?.textContent).toMatch(/^\d{1,2}:\d{2}\s[ap]\.\s?m\.$/)
    expect(second?.textContent).toContain('#11')
    expect(second?.textContent).toContain('En preparación')
    expect(third?.textContent).toContain('Cliente sin nombre')
    expect(third?.textContent).toContain('Listo')

    fireEvent.click(screen.getByRole('tab', { name: 'Todos (5)' }))
    expect(rows().map((r) => r.textContent?.match(/^Pedido #\d+/)?.[0])).toEqual(['Pedido #12', 'Pedido #11', 'Pedido #10', 'Pedido #9', 'Pedido #8'])
    expect(rows()[4]?.textContent).toContain('Cancelado')
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
      '50255551234',
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
    fireEvent.click(screen.getByRole('button', { name: /^Pedido #2 .*Pepe/ }))
    const delivered = await screen.findByRole('dialog', { name: /Pedido #2/ })
    expect(within(delivered).queryByRole('button', { name: /^Marcar como/ })).toBeNull()
    expect(within(delivered).queryByRole('button', { name: 'Cancelar pedido' })).toBeNull()
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

  test('a status event refetches without a cue; a reconnection refetches; a bad event is ignored', async () => {
    const api = serve([order({ number: 6, customerName: 'Sol', createdAt: minutesAgo(1) })])
    renderAdmin(<PedidosPage />)
    await screen.findByRole('button', { name: /^Pedido #6 .*Sol/ })
    const gets = () => api.calls.filter((c) => c.method === 'GET' && c.path === '/api/orders').length
    expect(gets()).toBe(1)
    expect(screen.getByRole('status').textContent).toBe('Conectando…')
    act(() => source().open()) // opened: catch up on anything placed since the first read
    await waitFor(() => expect(gets()).toBe(2))
    expect(screen.getByRole('status').textContent).toBe('● En vivo')
    act(() => source().send({ type: 'status', id: 1, number: 6, status: 'confirmed' }))
    await waitFor(() => expect(gets()).toBe(3))
    act(() => source().drop()) // the connection drops; the browser reconnects by itself
    expect(screen.getByRole('status').textContent).toBe('Conectando…')
    act(() => source().open())
    await waitFor(() => expect(gets()).toBe(4))
    act(() => source().send({ nonsense: true }))
    expect(gets()).toBe(4)
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
