import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { act, cleanup, screen, waitFor, within } from '@testing-library/react'
import { json, renderAdmin } from '../../test/render'
import { FakeEventSource, order, serveOrders } from '../pedidos/test-support'
import DashboardPage from './dashboard-page'

const globals = globalThis as unknown as { EventSource?: unknown }
let restore = () => {}
beforeEach(() => {
  FakeEventSource.instances = []
  globals.EventSource = FakeEventSource
})
afterEach(() => {
  cleanup()
  restore()
  delete globals.EventSource
})

const total = () => screen.getByRole('heading', { name: 'Pedidos Totales' }).closest('.rounded-xl')?.querySelector('p')?.textContent

describe('Dashboard orders', () => {
  test("'Pedidos Totales' is the summary's count, 'Pedidos recientes' the newest five; both follow a new order live", async () => {
    const api = serveOrders(
      Array.from({ length: 6 }, (_, i) => order({ number: 6 - i, customerName: `Cliente ${6 - i}`, total: 10 * (6 - i) })),
      { other: (req) => (new URL(req.url).pathname === '/api/products' ? json([]) : json({ message: 'no' }, 401)) },
    )
    restore = api.restore
    renderAdmin(<DashboardPage />)
    const recent = await screen.findByRole('list', { name: 'Pedidos recientes' })
    await waitFor(() => expect(total()).toBe('6'))
    expect(within(recent).getAllByRole('listitem').map((li) => li.querySelector('p')?.textContent)).toEqual(['Cliente 6', 'Cliente 5', 'Cliente 4', 'Cliente 3', 'Cliente 2'])
    const orderReads = () => api.gets().filter((u) => u.startsWith('/api/orders'))
    expect(orderReads().toSorted()).toEqual(['/api/orders/summary', '/api/orders?limit=5'])

    const arriving = order({ number: 7, customerName: 'Cliente 7', total: 70 })
    api.add(arriving)
    const source = FakeEventSource.instances.at(-1)
    act(() => source?.send({ type: 'created', id: arriving.id, number: 7, status: 'pending' }))
    await screen.findByText('Cliente 7', { selector: 'li p' })
    await waitFor(() => expect(total()).toBe('7'))
    expect(within(screen.getByRole('list', { name: 'Pedidos recientes' })).getAllByRole('listitem')).toHaveLength(5)
    // The event rereads those two, nothing more.
    expect(orderReads().toSorted()).toEqual(['/api/orders/summary', '/api/orders/summary', '/api/orders?limit=5', '/api/orders?limit=5'])
    // The new-order toast, with what the newest five say about it.
    expect(await screen.findByText('Nuevo pedido #7')).toBeTruthy()
    expect(screen.getByText('Cliente 7 · Recoger en el local · Q70')).toBeTruthy()
  })

  test("no orders: 'No hay pedidos aún'", async () => {
    restore = serveOrders([], { other: (req) => json(new URL(req.url).pathname === '/api/auth/user' ? null : []) }).restore
    renderAdmin(<DashboardPage />)
    expect(await screen.findByText('No hay pedidos aún')).toBeTruthy()
    await waitFor(() => expect(total()).toBe('0'))
  })
})
