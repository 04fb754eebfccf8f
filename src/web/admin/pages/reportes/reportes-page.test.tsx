import { afterEach, describe, expect, test } from 'bun:test'
import { cleanup, screen, within } from '@testing-library/react'
import type { ReportGroup, SalesReport, SalesRow } from '@/shared/reports'
import { json, mockFetch, renderAdmin } from '../../test/render'
import ReportesPage from './reportes-page'

let restore = () => {}
afterEach(() => {
  cleanup()
  restore()
})

const none = { orders: 0, quantity: 0, revenue: 0 }
const row = (key: string, label: string, orders: number, revenue: number, pending = none): SalesRow => ({ key, label, orders, quantity: orders, revenue, pending })

/** A week with two orders still waiting: Q100 of the Q337. */
function answer(groupBy: ReportGroup): SalesReport {
  const totals = { orders: 5, revenue: 337, deliveryFees: 15, averageTicket: 67, cancelled: 1, pending: { orders: 2, revenue: 100 } }
  const rows =
    groupBy === 'day'
      ? [row('2026-11-23', '2026-11-23', 3, 237, { orders: 1, quantity: 1, revenue: 40 }), row('2026-11-24', '2026-11-24', 2, 100, { orders: 1, quantity: 1, revenue: 60 })]
      : groupBy === 'product'
        ? [row('1', 'Chilaquiles Supremos', 3, 195, { orders: 1, quantity: 1, revenue: 60 }), row('2', 'Horchata', 2, 40)]
        : [row('x', groupBy === 'zone' ? 'Recoger en el local' : 'Efectivo', 5, 337, { orders: 2, quantity: 2, revenue: 100 })]
  return { from: '2026-11-23', to: '2026-11-29', groupBy, totals, rows }
}

function renderPage() {
  restore = mockFetch((req) => json(answer((new URL(req.url).searchParams.get('groupBy') ?? 'day') as ReportGroup))).restore
  renderAdmin(<ReportesPage />, { path: '/admin/reportes' })
}

const card = (title: string) => screen.getByRole('heading', { name: title }).closest('.rounded-xl') as HTMLElement

describe('Reportes', () => {
  test("'Ventas' holds only what was confirmed; 'Por confirmar' says the rest apart", async () => {
    renderPage()
    const totals = screen.getByTestId('report-totals')
    await within(totals).findByText('Q237')
    expect(within(card('Ventas')).getByText('Q237')).toBeTruthy()
    expect(within(card('Por confirmar')).getByText('Q100')).toBeTruthy()
    expect(within(card('Por confirmar')).getByText('2 pedidos sin confirmar')).toBeTruthy()
    expect(within(card('Pedidos')).getByText('3')).toBeTruthy()
    expect(within(card('Ticket promedio')).getByText('Q79')).toBeTruthy() // 237 / 3
    expect(within(card('Cancelados')).getByText('1')).toBeTruthy()
    expect(totals.textContent).not.toContain('Q337')
  })

  test('the tables show confirmed sales and a column for what waits; the chart stacks it lighter', async () => {
    renderPage()
    const products = card('Por producto')
    await within(products).findByText('Chilaquiles Supremos')
    const supremos = within(products).getByRole('row', { name: /Chilaquiles Supremos/ })
    // The pending figure twice: its own column (laptop) and under the sales figure (phone); CSS shows one.
    expect(within(supremos).getAllByRole('cell').map((c) => c.textContent)).toEqual(['2', '2', 'Q135+Q60 por confirmar', 'Q60'])
    expect(within(products).getByRole('columnheader', { name: 'Por confirmar' })).toBeTruthy()
    const horchata = within(products).getByRole('row', { name: /Horchata/ })
    expect(within(horchata).getAllByRole('cell').at(-1)?.textContent).toBe('—')
    const chart = await screen.findByTestId('sales-chart')
    expect(chart.querySelectorAll('rect[data-pending]')).toHaveLength(2)
    expect(chart.getAttribute('aria-label')).toBe('Ventas por día: 2 días, Q237 confirmados y Q100 por confirmar')
    expect(screen.getByText('Por confirmar', { selector: 'span' })).toBeTruthy() // the legend
  })
})
