import { afterEach, beforeEach, describe, expect, test } from 'bun:test'
import { act, cleanup, screen, within } from '@testing-library/react'
import type { Order } from '@/shared/schemas'
import { json, mockFetch, renderAdmin } from '../../test/render'
import { FakeEventSource, order } from '../pedidos/test-support'
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
  test("'Pedidos Totales' and 'Pedidos recientes' read the board's orders and follow a new one live", async () => {
    let orders: Order[] = Array.from({ length: 6 }, (_, i) => order({ number: 6 - i, customerName: `Cliente ${6 - i}`, total: 10 * (6 - i) }))
    const api = mockFetch((req) => {
      const path = new URL(req.url).pathname
      if (path === '/api/orders') return json(orders)
      if (path === '/api/products') return json([])
      return json({ message: 'no' }, 401)
    })
    restore = api.restore
    renderAdmin(<DashboardPage />)
    const recent = await screen.findByRole('list', { name: 'Pedidos recientes' })
    expect(total()).toBe('6')
    expect(within(recent).getAllByRole('listitem').map((li) => li.querySelector('p')?.textContent)).toEqual(['Cliente 6', 'Cliente 5', 'Cliente 4', 'Cliente 3', 'Cliente 2'])

    const arriving = order({ number: 7, customerName: 'Cliente 7', total: 70 })
    orders = [arriving, ...orders]
    const source = FakeEventSource.instances.at(-1)
    act(() => source?.send({ type: 'created', id: arriving.id, number: 7, status: 'pending' }))
    await screen.findByText('Cliente 7', { selector: 'li p' })
    expect(total()).toBe('7')
    expect(within(screen.getByRole('list', { name: 'Pedidos recientes' })).getAllByRole('listitem')).toHaveLength(5)
    expect(api.calls.filter((c) => c.path === '/api/orders')).toHaveLength(2)
  })

  test("no orders: 'No hay pedidos aún'", async () => {
    restore = mockFetch((req) => json(new URL(req.url).pathname === '/api/auth/user' ? null : [])).restore
    renderAdmin(<DashboardPage />)
    expect(await screen.findByText('No hay pedidos aún')).toBeTruthy()
    expect(total()).toBe('0')
  })
})
