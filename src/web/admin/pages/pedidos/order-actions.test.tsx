import { afterEach, describe, expect, test } from 'bun:test'
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { Sheet, SheetContent } from '@/web/ui/sheet'
import { renderAdmin } from '../../test/render'
import { OrderDetail } from './order-detail'
import { autoPrintChangedOrder, autoPrintNewOrder, setAutoPrint, setReprintChanged } from './print-ticket'
import { order } from './test-support'

afterEach(() => {
  cleanup()
  setAutoPrint(false)
  setReprintChanged(false)
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
  test("'Avisar por WhatsApp' opens the customer's chat with the status in words, the total and the tracking link", () => {
    detail(order({ number: 12, status: 'ready', fulfilment: 'pickup', customerPhone: '50255551234', trackingToken: 'k3Jd9Qm2xVb7LpR4sT8wZc1N' }))
    const link = screen.getByRole('link', { name: 'Avisar por WhatsApp' })
    const href = link.getAttribute('href') ?? ''
    expect(href.startsWith('https://wa.me/50255551234?text=')).toBe(true)
    expect(decodeURIComponent(href.split('?text=')[1] ?? '')).toBe(
      `Tu pedido #12 está listo para recoger\nTotal: Q20\n\nSigue tu pedido: ${window.location.origin}/pedido/k3Jd9Qm2xVb7LpR4sT8wZc1N`,
    )
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.getAttribute('rel')).toContain('noopener')
    expect(screen.getByRole('button', { name: 'Imprimir' })).toBeTruthy()
  })

  test("'Imprimir' loads the order's ticket in a hidden frame and prints that frame, then removes it", () => {
    // Caught before it is attached: happy-dom cannot load a page into a frame (Chromium does, e2e/ticket.test.ts).
    const frames: HTMLIFrameElement[] = []
    const append = document.body.append
    document.body.append = (...nodes: (Node | string)[]) => void frames.push(...nodes.filter((n): n is HTMLIFrameElement => n instanceof HTMLIFrameElement))
    try {
      const o = order({ number: 31 })
      detail(o)
      fireEvent.click(screen.getByRole('button', { name: 'Imprimir' }))
      expect(frames).toHaveLength(1)
      const frame = frames[0] as HTMLIFrameElement
      expect(new URL(frame.src).pathname).toBe(`/admin/pedidos/${o.id}/ticket`)
      expect(frame.style.visibility).toBe('hidden')
      expect(frame.style.width).toBe('0px')

      const prints: string[] = []
      const win = new EventTarget() as EventTarget & { print: () => void; focus: () => void }
      win.print = () => prints.push('print')
      win.focus = () => {}
      Object.defineProperty(frame, 'contentWindow', { value: win })
      let removed = false
      frame.remove = () => void (removed = true)
      frame.dispatchEvent(new Event('load'))
      expect(prints).toEqual(['print'])
      expect(removed).toBe(false)
      win.dispatchEvent(new Event('afterprint'))
      expect(removed).toBe(true)
    } finally {
      document.body.append = append
    }
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

  test("'Avisar por WhatsApp' on an order for later says when it is for (24 h, the restaurant's clock)", () => {
    const o = order({ number: 14, status: 'confirmed', customerPhone: '50255551234', scheduledFor: '2026-11-27T19:30', trackingToken: 'k3Jd9Qm2xVb7LpR4sT8wZc1N' })
    renderAdmin(
      <Sheet open>
        <SheetContent>
          <OrderDetail order={o} now={new Date('2026-11-26T15:00:00.000Z')} />
        </SheetContent>
      </Sheet>,
    )
    const href = screen.getByRole('link', { name: 'Avisar por WhatsApp' }).getAttribute('href') ?? ''
    expect(decodeURIComponent(href.split('?text=')[1] ?? '')).toBe(
      `Tu pedido #14 está confirmado\nPara: mañana 19:30\nTotal: Q20\n\nSigue tu pedido: ${window.location.origin}/pedido/k3Jd9Qm2xVb7LpR4sT8wZc1N`,
    )
  })

  test("the customer's phone dials internationally: tel:+ and the number with its country code", () => {
    detail(order({ customerPhone: '50255551234' }))
    const phone = screen.getByRole('link', { name: '+502 5555 1234' })
    expect(phone.getAttribute('href')).toBe('tel:+50255551234')
  })
})

describe("the board's words are the customer's", () => {
  test("a delivery being made: the next step is 'Marcar como En camino'; once on its way the badge and history say 'En camino'", () => {
    detail(order({ status: 'preparing', fulfilment: 'delivery', zoneName: 'Zona 10' }))
    expect(screen.getByRole('button', { name: 'Marcar como En camino' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Marcar como Listo' })).toBeNull()
    cleanup()
    const at = '2026-11-23T18:30:00.000Z'
    detail(order({ status: 'ready', fulfilment: 'delivery', statusHistory: [{ status: 'pending', at }, { status: 'ready', at }] }))
    expect(screen.getAllByText('En camino').length).toBe(2) // the badge and the history
    expect(screen.getByRole('button', { name: 'Marcar como Entregado' })).toBeTruthy()
  })

  test("pickup and point-of-sale orders: 'Listo'", () => {
    detail(order({ status: 'preparing', fulfilment: 'pickup' }))
    expect(screen.getByRole('button', { name: 'Marcar como Listo' })).toBeTruthy()
    cleanup()
    detail(order({ status: 'preparing', fulfilment: null, source: 'pos' }))
    expect(screen.getByRole('button', { name: 'Marcar como Listo' })).toBeTruthy()
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
    // The choice and the printed ids outlive the page: switched off, nothing prints; back on, 7 and 8 still do not.
    setAutoPrint(false)
    expect(localStorage.getItem('pedidos-imprimir-automatico')).toBeNull()
    expect(autoPrintNewOrder(9, print)).toBe(false)
    setAutoPrint(true)
    expect(autoPrintNewOrder(8, print)).toBe(false)
    expect(printed).toEqual([7, 8])
  })

  test('the printed ids kept are the newest 200 (the list never grows without end)', () => {
    setAutoPrint(true)
    for (let id = 1; id <= 250; id++) autoPrintNewOrder(id, () => {})
    const kept = JSON.parse(localStorage.getItem('pedidos-impresos') ?? '[]') as number[]
    expect(kept).toHaveLength(200)
    expect(kept[0]).toBe(51)
    expect(kept.at(-1)).toBe(250)
    // A damaged entry (someone edited the storage) starts a new list instead of breaking the board.
    localStorage.setItem('pedidos-impresos', '{no es json')
    const printed: number[] = []
    expect(autoPrintNewOrder(251, (id) => printed.push(id))).toBe(true)
    expect(printed).toEqual([251])
  })
})

describe("'Volver a imprimir los pedidos modificados' (issue #34)", () => {
  test('off by default: a changed order is not printed again; on (with auto-print), once per change', () => {
    const printed: number[] = []
    const print = (id: number) => printed.push(id)
    setAutoPrint(true)
    expect(autoPrintChangedOrder(7, 1, print)).toBe(false) // the owner has not chosen it
    setReprintChanged(true)
    expect(localStorage.getItem('pedidos-reimprimir-modificados')).toBe('si')
    expect(autoPrintChangedOrder(7, 1, print)).toBe(true)
    expect(autoPrintChangedOrder(7, 1, print)).toBe(false) // the same change again (a reconnection)
    expect(autoPrintChangedOrder(7, 2, print)).toBe(true) // a second change prints again
    expect(printed).toEqual([7, 7])
    // Without auto-print, nothing prints by itself, whatever the second switch says.
    setAutoPrint(false)
    expect(autoPrintChangedOrder(7, 3, print)).toBe(false)
    expect(printed).toEqual([7, 7])
  })
})
