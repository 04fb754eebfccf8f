import { afterEach, describe, expect, test } from 'bun:test'
import { cleanup, screen, within } from '@testing-library/react'
import type { PendingRow, ReportGroup, SalesReport, SalesRow } from '@/shared/reports'
import { json, mockFetch, renderAdmin } from '../../test/render'
import ReportesPage from './reportes-page'

let restore = () => {}
afterEach(() => {
  cleanup()
  restore()
})

const none: PendingRow = { orders: 0, quantity: 0, revenue: 0, discounts: 0 }
const row = (key: string, label: string, orders: number, revenue: number, pending = none, discounts: number | null = 0): SalesRow => ({ key, label, orders, quantity: orders, revenue, discounts, pending })

/** A week with two orders still waiting: Q100 of the Q337. */
function answer(groupBy: ReportGroup): SalesReport {
  // Q45 of discounts, Q15 of them on the orders still waiting.
  const totals = { orders: 5, revenue: 337, deliveryFees: 15, discounts: 45, averageTicket: 67, cancelled: 1, pending: { orders: 2, revenue: 100, deliveryFees: 5, discounts: 15 } }
  const rows =
    groupBy === 'day'
      ? [row('2026-11-23', '2026-11-23', 3, 237, { orders: 1, quantity: 1, revenue: 40, discounts: 0 }), row('2026-11-24', '2026-11-24', 2, 100, { orders: 1, quantity: 1, revenue: 60, discounts: 0 })]
      : groupBy === 'product'
        ? [row('1', 'Chilaquiles Supremos', 3, 195, { orders: 1, quantity: 1, revenue: 60, discounts: null }, null), row('2', 'Horchata', 2, 40, { ...none, discounts: null }, null)]
        : groupBy === 'promotion'
          ? [row('7', 'Martes de bebidas (MARTES)', 3, 150, { orders: 1, quantity: 1, revenue: 50, discounts: 15 }, 45)]
          : [row('x', groupBy === 'zone' ? 'Recoger en el local' : 'Efectivo', 5, 337, { orders: 2, quantity: 2, revenue: 100, discounts: 15 }, 45)]
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
    // What promotions took off the confirmed orders: Q45 less the Q15 of those still waiting.
    expect(within(card('Descuentos')).getByText('Q30')).toBeTruthy()
    // Envíos on the same basis as Ventas (issue #40): Q15 of fees less the Q5 of the orders still waiting.
    expect(within(card('Envíos')).getByText('Q10')).toBeTruthy()
    expect(screen.getByRole('region', { name: 'Confirmados' }).contains(card('Envíos'))).toBe(true)
    expect(screen.getByRole('region', { name: 'Aparte: no suman en las ventas' }).contains(card('Por confirmar'))).toBe(true)
  })

  test("'Por promoción': each promotion's orders, uses, discount and sales, confirmed", async () => {
    renderPage()
    const promotions = card('Por promoción')
    await within(promotions).findByText('Martes de bebidas (MARTES)')
    const martes = within(promotions).getByRole('row', { name: /MARTES/ })
    expect(within(promotions).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Nombre', 'Pedidos', 'Usos', 'Descuento', 'Ventas', 'Por confirmar'])
    expect(within(martes).getAllByRole('cell').map((c) => c.textContent)).toEqual(['2', '2', 'Q30', 'Q100+Q50 por confirmar', 'Q50'])
    expect(within(promotions).getByRole('link', { name: 'CSV' }).getAttribute('href')).toContain('groupBy=promotion')
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
