import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { renderSVG } from 'uqr'
import type { CoverageZone, Ingredient, Order, Product } from '../../shared/schemas'
import { type CheckoutAnswer, clockTime, trackingUrl } from '../../shared/tracking'
import { CONTENT_SECURITY_POLICY } from '../http/security-headers.server'
import { createTestApp } from '../testing.server'

type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
let cookie: string
let pos: Order
let delivery: CheckoutAnswer

beforeAll(async () => {
  t = await createTestApp()
  cookie = await t.signIn()
  expect((await t.request('/api/admin/initialize-database', { method: 'POST', headers: { cookie } })).status).toBe(201)
  const zone = (await (await t.request('/api/coverage-zones', { method: 'POST', headers: { cookie }, json: { name: 'Zona 10', deliveryCost: 15 } })).json()) as CoverageZone
  const products = (await (await t.request('/api/products')).json()) as Product[]
  const ingredients = (await (await t.request('/api/ingredients')).json()) as Ingredient[]
  const P = (name: string) => products.find((p) => p.name === name)?.id ?? 0
  const I = (name: string) => ingredients.find((i) => i.name === name)?.id ?? 0

  // A point-of-sale order: free-text lines with kitchen notes, no delivery, no payment recorded.
  const res = await t.request('/api/orders', {
    method: 'POST',
    headers: { cookie },
    json: { customerName: 'Mesa 4', items: [{ name: 'Café de olla', quantity: 2, price: 25, notes: 'Sin azúcar' }], total: 50 },
  })
  pos = (await res.json()) as Order

  // A storefront delivery: sauce on the side, an ingredient removed, an extra, notes, cash with change.
  const placed = await t.request('/api/checkout', {
    method: 'POST',
    json: {
      items: [
        {
          productId: P('Chilaquiles Clásicos'),
          size: 'grande',
          quantity: 2,
          customization: { sauceId: I('Salsa Verde'), sauceOnSide: true, removedIngredientIds: [I('Cebolla morada')], extraIds: [I('Aguacate')] },
        },
        { productId: P('Horchata'), size: 'mediano', quantity: 1 },
      ],
      fulfilment: 'delivery',
      zoneId: zone.id,
      address: '5a avenida 12-34, zona 10',
      addressReference: 'Portón negro',
      customerName: 'Ana López',
      customerPhone: '5555 1234',
      notes: 'Sin picante, por favor',
      payment: 'efectivo',
      cashAmount: 300,
    },
  })
  expect(placed.status).toBe(201)
  delivery = (await placed.json()) as CheckoutAnswer
})
afterAll(() => t.cleanup())

const ticket = (id: number | string, headers: Record<string, string> = { cookie }) => t.request(`/admin/pedidos/${id}/ticket`, { headers })

/** The ticket as a cook reads it: its text, one entry per line of paper (tags, styles and the QR left out). */
async function linesOf(res: Response): Promise<string[]> {
  const html = await res.text()
  return html
    .replace(/<(style|svg)[\s\S]*?<\/\1>/g, '')
    .replace(/<!-- -->|<\/?small>/g, '') // React's separator between adjacent text parts; the one inline element
    .replace(/<[^>]+>/g, '\n')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
}

/** `expected` appear among `lines` in this order (other lines may come between). */
function expectInOrder(lines: string[], expected: string[]) {
  let at = 0
  for (const text of expected) {
    const found = lines.indexOf(text, at)
    expect({ text, found: found >= 0 }).toEqual({ text, found: true })
    at = found + 1
  }
}

const pageRule = (html: string) => /@page \{ size: (\d+)mm (\d+)mm; margin: 0; \}/.exec(html)

describe('GET /admin/pedidos/:id/ticket', () => {
  test('private headers: HTML, never stored, framable by the site only (the board prints it in a hidden frame), no referrer, no script', async () => {
    const res = await ticket(pos.id)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN')
    expect(res.headers.get('referrer-policy')).toBe('no-referrer')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    // The site's policy, framing by the site itself being the one difference.
    expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY.replace("frame-ancestors 'none'", "frame-ancestors 'self'"))
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'")
    const html = await res.text()
    expect(html.startsWith('<!DOCTYPE html><html lang="es">')).toBe(true)
    expect(html).not.toContain('<script')
  })

  test('a point-of-sale order: number, customer, each line with its kitchen note, total, its own QR; no payment or delivery lines', async () => {
    const res = await ticket(pos.id)
    const lines = await linesOf(res.clone())
    expectInOrder(lines, [`Pedido #${pos.number}`, 'PUNTO DE VENTA', 'Cliente: Mesa 4', '2 x Café de olla', 'Q50', 'Nota: Sin azúcar', 'TOTAL', 'Q50', 'Sigue tu pedido'])
    expect(lines.filter((l) => /^(Pago:|Tel:|Dirección:|Referencia:|Subtotal|Envío|NOTAS:|SIN |\+ |Salsa:)/.test(l))).toEqual([])
    expect(await res.text()).toContain(renderSVG(trackingUrl('http://localhost', pos.trackingToken ?? 'none'), { border: 1 }))
  })

  test('a storefront delivery: zone and address, phone, sauce on the side, SIN, +, notes boxed, totals, cash and change, the QR of its tracking link', async () => {
    const res = await ticket(delivery.id)
    expect(res.status).toBe(200)
    const html = await res.clone().text()
    const lines = await linesOf(res)
    expectInOrder(lines, [
      'CHILAQUILES CHAPÍN',
      `Pedido #${delivery.number}`,
      'A DOMICILIO · Zona 10',
      'Dirección: 5a avenida 12-34, zona 10',
      'Referencia: Portón negro',
      'Cliente: Ana López',
      'Tel: +502 5555 1234',
      '2 x Chilaquiles Clásicos (Grande)',
      'Salsa: Salsa Verde (aparte)',
      'SIN Cebolla morada',
      '+ Aguacate',
      '1 x Horchata (Mediano)',
      'NOTAS:',
      'Sin picante, por favor',
      'Subtotal',
      'Envío',
      'Q15',
      'TOTAL',
      `Q${delivery.total}`,
      `Pago: Efectivo · paga con Q300 (cambio Q${300 - delivery.total})`,
      'Sigue tu pedido',
    ])
    // The date is the restaurant's (America/Guatemala), beside the time.
    expect(lines).toContain(`${clockTime(delivery.createdAt)} · ${new Intl.DateTimeFormat('es-GT', { timeZone: 'America/Guatemala', weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(delivery.createdAt))}`)
    // The notes sit in their own box; SIN stands out.
    expect(html).toMatch(/<div class="notes">NOTAS:<br\/>Sin picante, por favor<\/div>/)
    expect(html).toContain('<p class="detail strong">SIN Cebolla morada</p>')
    // The QR is the tracking link the customer got, drawn inline (the page loads nothing).
    expect(delivery.trackingToken).toBeString()
    expect(delivery.trackingUrl).toBe(trackingUrl('http://localhost', delivery.trackingToken ?? ''))
    expect(html).toContain(renderSVG(delivery.trackingUrl, { border: 1 }))
    expect(html).toContain('role="img" aria-label="Código QR del seguimiento del pedido"')
  })

  test("an order changed after it was placed (issue #34): 'MODIFICADO' first, with the last change's time and what it did; its discount by code", async () => {
    const promo = await t.request('/api/promotions', { method: 'POST', headers: { cookie }, json: { name: 'Martes de descuento', code: 'MARTES', kind: 'amount', value: 20 } })
    expect(promo.status).toBe(201)
    const products = (await (await t.request('/api/products')).json()) as Product[]
    const id = (name: string) => products.find((p) => p.name === name)?.id ?? 0
    const placed = await t.request('/api/checkout', {
      method: 'POST',
      json: { items: [{ productId: id('Chilaquiles Clásicos'), size: 'mediano', quantity: 1 }], fulfilment: 'pickup', customerName: 'Luis', promoCode: 'martes' },
    })
    expect(placed.status).toBe(201)
    const order = (await placed.json()) as Order
    const first = await linesOf(await ticket(order.id))
    expect(first.some((l) => l.startsWith('MODIFICADO'))).toBe(false)
    expectInOrder(first, ['Subtotal', `Q${order.subtotal}`, 'Descuento (MARTES)', '-Q20', 'TOTAL', `Q${order.total}`])

    const edit = await t.request(`/api/orders/${order.id}`, {
      method: 'PATCH',
      headers: { cookie, 'if-match': '"0"' },
      json: { items: [{ productId: id('Chilaquiles Clásicos'), size: 'mediano', quantity: 1 }, { productId: id('Horchata'), size: 'mediano', quantity: 1 }] },
    })
    expect(edit.status).toBe(200)
    const edited = (await edit.json()) as Order
    const change = edited.changes.at(-1)
    expect(change?.summary).toStartWith('Agregó 1 Horchata (Mediano)')
    const res = await ticket(order.id)
    const html = await res.clone().text()
    const lines = await linesOf(res)
    expectInOrder(lines, [
      'CHILAQUILES CHAPÍN',
      `MODIFICADO ${clockTime(change?.at ?? '')}`,
      change?.summary ?? '',
      `Pedido #${order.number}`,
      '1 x Chilaquiles Clásicos (Mediano)',
      '1 x Horchata (Mediano)',
      'Subtotal',
      `Q${edited.subtotal}`,
      'Descuento (MARTES)',
      '-Q20',
      'TOTAL',
      `Q${edited.total}`,
    ])
    expect(html).toContain('<div class="modified"><p class="modified-heading">MODIFICADO')
  })

  test("'Ancho del ticket' sets the paper: @page 80 mm by default, 58 once saved, as long as the order needs", async () => {
    const at80 = await (await ticket(delivery.id)).text()
    expect(pageRule(at80)?.[1]).toBe('80')
    expect(at80).toMatch(/body \{ width: 80mm; padding: 3mm 4mm 6mm;/)
    expect((await t.request('/api/settings/ticket_width', { method: 'PATCH', headers: { cookie }, json: { value: '58' } })).status).toBe(200)
    const at58 = await (await ticket(delivery.id)).text()
    expect(pageRule(at58)?.[1]).toBe('58')
    expect(at58).toMatch(/body \{ width: 58mm; padding: 3mm 5mm 6mm;/)
    expect(at58).toContain('<body data-width="58">')
    // The page is as long as the order (a roll has no page length): the longer order, the longer strip.
    const posPage = Number(pageRule(await (await ticket(pos.id)).text())?.[2])
    expect(Number(pageRule(at58)?.[2])).toBeGreaterThan(posPage + 40)
    expect((await t.request('/api/settings/ticket_width', { method: 'PATCH', headers: { cookie }, json: { value: '80' } })).status).toBe(200)
  })

  test('any signed-in account may print (the kitchen); signed out, or an ended session, is sent to /login', async () => {
    expect((await t.request('/api/admin/users', { method: 'POST', headers: { cookie }, json: { username: 'cocina', password: 'cocina-1234', role: 'staff' } })).status).toBe(201)
    expect((await ticket(delivery.id, { cookie: await t.signIn('cocina', 'cocina-1234') })).status).toBe(200)
    const strangers: Record<string, string>[] = [{}, { cookie: 'chq_session=garbage' }, { authorization: 'Bearer chq_whatever' }]
    for (const headers of strangers) {
      const res = await ticket(delivery.id, headers)
      expect(res.status).toBe(303)
      expect(res.headers.get('location')).toBe('/login')
      expect(await res.text()).toBe('')
    }
    const ended = await t.signIn()
    expect((await t.request('/api/auth/logout', { method: 'POST', headers: { cookie: ended } })).status).toBeLessThan(300)
    expect((await ticket(delivery.id, { cookie: ended })).status).toBe(303)
  })

  test("an order that does not exist, or an id that is not one: 404 'Pedido no encontrado', the same private headers", async () => {
    for (const wrong of ['999999', '0', 'abc', '1e3', '-1', '1.5', '12345678901234567890']) {
      const res = await ticket(wrong)
      expect({ wrong, status: res.status }).toEqual({ wrong, status: 404 })
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
      expect(res.headers.get('cache-control')).toBe('no-store')
      expect(await linesOf(res)).toEqual(['Pedido no encontrado', 'Pedido no encontrado', 'Volver a Pedidos'])
    }
  })
})
