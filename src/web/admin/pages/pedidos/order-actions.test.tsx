import { afterEach, describe, expect, test } from 'bun:test'
import { cleanup, screen } from '@testing-library/react'
import { Sheet, SheetContent } from '@/web/ui/sheet'
import { renderAdmin } from '../../test/render'
import { OrderDetail } from './order-detail'
import { autoPrintNewOrder, setAutoPrint } from './print-ticket'
import { order } from './test-support'

afterEach(() => {
  cleanup()
  setAutoPrint(false)
  localStorage.clear()
})

const detail = (o: ReturnType<typeof order>) =>
  renderAdmin(
    <Sheet open>
      <SheetContent>
        <OrderDetail order={o} />
      </SheetContent>
    </Sheet>,
  )

describe("the order's actions", () => {
  test("'Avisar por WhatsApp' opens the customer's chat with the status in words and the tracking link", () => {
    detail(order({ number: 12, status: 'ready', fulfilment: 'pickup', customerPhone: '50255551234', trackingToken: 'k3Jd9Qm2xVb7LpR4sT8wZc1N' }))
    const link = screen.getByRole('link', { name: 'Avisar por WhatsApp' })
    const href = link.getAttribute('href') ?? ''
    expect(href.startsWith('https://wa.me/50255551234?text=')).toBe(true)
    expect(decodeURIComponent(href.split('?text=')[1] ?? '')).toBe(
      `Tu pedido #12 está listo para recoger\n\nSigue tu pedido: ${window.location.origin}/pedido/k3Jd9Qm2xVb7LpR4sT8wZc1N`,
    )
    expect(link.getAttribute('target')).toBe('_blank')
    expect(screen.getByRole('button', { name: 'Imprimir' })).toBeTruthy()
  })

  test('no phone, no notice (the ticket can still be printed)', () => {
    detail(order({ customerPhone: '' }))
    expect(screen.queryByRole('link', { name: 'Avisar por WhatsApp' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Imprimir' })).toBeTruthy()
  })

  test('an order for later says when it is for', () => {
    detail(order({ scheduledFor: '2026-11-24T08:15', createdAt: '2026-11-23T18:00:00.000Z' }))
    expect(screen.getByTestId('scheduled-for').textContent).toMatch(/^Para: (mañana|hoy|\w+ \d+) 8:15$/)
  })
})

describe("'Imprimir pedidos nuevos automáticamente'", () => {
  test('off: nothing is printed; on: each new order once on this device, even when it arrives again', () => {
    const printed: number[] = []
    const print = (id: number) => printed.push(id)
    expect(autoPrintNewOrder(7, print)).toBe(false)
    setAutoPrint(true)
    expect(localStorage.getItem('pedidos-imprimir-automatico')).toBe('si')
    expect(autoPrintNewOrder(7, print)).toBe(true)
    expect(autoPrintNewOrder(7, print)).toBe(false) // a reconnection, a second event
    expect(autoPrintNewOrder(8, print)).toBe(true)
    expect(printed).toEqual([7, 8])
    expect(JSON.parse(localStorage.getItem('pedidos-impresos') ?? '[]')).toEqual([7, 8])
  })
})
