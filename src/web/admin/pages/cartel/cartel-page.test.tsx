import { afterEach, describe, expect, test } from 'bun:test'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { renderSVG } from 'uqr'
import { QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { createQueryClient } from '../../lib/query-client'
import { DEFAULT_STORE_PROFILE } from '@/shared/store-profile'
import { json, mockFetch } from '../../test/render'
import CartelPage from './cartel-page'

/** The page at `address` (its query string is what the page reads: renderAdmin routes on the path alone). */
const renderAt = (address: string) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[address]}>
        <CartelPage />
      </MemoryRouter>
    </QueryClientProvider>,
  )

let restore = () => {}
afterEach(() => {
  cleanup()
  restore()
})

const ORIGIN = 'http://localhost:3000' // test/dom.ts's address
const promotion = (over: Record<string, unknown>) => ({
  id: 1, name: 'Martes', code: 'MARTES', kind: 'percent', value: 10, buy: null, free: null, appliesTo: { categories: [], productIds: [] }, minSubtotal: null,
  fulfilment: 'any', startsOn: null, endsOn: null, windows: [{ days: [2], from: '00:00', to: '23:59' }], maxUses: null, maxUsesPerPhone: null, active: true, uses: 0, ...over,
})
/** The promotions the server has: MARTES in force, PAUSADO paused, VIEJO past its dates, and an automatic one (no code). */
const PROMOTIONS = [
  promotion({}),
  promotion({ id: 2, name: 'Pausada', code: 'PAUSADO', active: false, windows: [] }),
  promotion({ id: 3, name: 'Vieja', code: 'VIEJO', startsOn: '2020-01-01', endsOn: '2020-01-31', windows: [] }),
  promotion({ id: 4, name: 'Automática', code: null, windows: [] }),
]
/** The server: the chat number (or none), the promotions, empty menus (the offer's names) and the restaurant's profile ('Tu restaurante': the poster prints its name). */
const chatNumber = (value: string | null, profile = DEFAULT_STORE_PROFILE) =>
  mockFetch((req) => {
    const path = new URL(req.url).pathname
    if (path === '/api/store-profile') return json(profile)
    if (path === '/api/promotions') return json(PROMOTIONS)
    if (path === '/api/categories' || path === '/api/products') return json([])
    return value ? json({ key: 'whatsapp_number', value }) : json({ message: 'No encontrado' }, 404)
  })

/** The printed copy: the sheet the printer gets (a child of <body>, outside the app). */
const printCopy = () => document.body.querySelector<HTMLElement>(':scope > .cartel-print-copy')
/** The path uqr itself draws for `url` (one unit a module, as the page's QR): the QR holds `url`, not just something. */
const uqrPath = (url: string) => /<path fill="black" d="([^"]+)"/.exec(renderSVG(url, { ecc: 'M', border: 2, pixelSize: 1 }))?.[1]

function qrs() {
  return screen.getAllByRole('img', { hidden: true }).filter((el) => el.tagName.toLowerCase() === 'svg' && el.hasAttribute('data-qr-value'))
}

describe('/admin/cartel', () => {
  test("the store's QR, the name, 'Escanea y ordena', the chat number formatted; A4 by default", async () => {
    const api = chatNumber('50255551234')
    restore = api.restore
    renderAt('/admin/cartel')
    const preview = await screen.findByRole('region', { name: 'Vista previa' })
    await waitFor(() => expect(preview.textContent).toContain('Pide por WhatsApp: +502 5555 1234'))
    expect(preview.textContent).toContain('Chilaquiles Chapín')
    expect(preview.textContent).toContain('Escanea y ordena')
    expect(preview.textContent).not.toContain('Código')
    expect(api.calls.map((c) => c.path).sort()).toEqual(['/api/categories', '/api/products', '/api/promotions', '/api/settings/whatsapp_number', '/api/store-profile'])

    // The preview and the printed copy draw the same QR: the store's address, as uqr encodes it.
    const codes = qrs()
    expect(codes).toHaveLength(2)
    for (const svg of codes) {
      expect(svg.getAttribute('data-qr-value')).toBe(`${ORIGIN}/`)
      expect(svg.querySelector('path')?.getAttribute('d')).toBe(uqrPath(`${ORIGIN}/`) ?? 'missing')
    }
    expect(screen.getByTestId('cartel-url').textContent).toBe('localhost:3000')
    expect(printCopy()?.textContent).toContain('+502 5555 1234')

    // Paper: A4 until A6 is chosen; the @page rule follows, and so does the address.
    const style = () => [...document.querySelectorAll('style')].map((s) => s.textContent ?? '').find((t) => t.includes('@page')) ?? ''
    expect(style()).toContain('@page { size: 210mm 297mm; margin: 0; }')
    expect(screen.getByRole('radio', { name: 'Cartel A4' }).getAttribute('aria-checked')).toBe('true')
    fireEvent.click(screen.getByRole('radio', { name: 'Tarjeta de mesa A6' }))
    await waitFor(() => expect(style()).toContain('@page { size: 105mm 148mm; margin: 0; }'))
    expect(style()).toContain('width: 105mm; height: 147mm')
    expect(printCopy()?.querySelector('[data-paper]')?.getAttribute('data-paper')).toBe('a6')
  })

  test("?codigo=martes: the QR holds the store's link with the code, and the poster names it with its offer and when", async () => {
    restore = chatNumber('50212345678').restore
    renderAt('/admin/cartel?codigo=martes')
    const preview = await screen.findByRole('region', { name: 'Vista previa' })
    await waitFor(() => expect(preview.textContent).toContain('Código MARTES'))
    expect(preview.querySelector('[data-testid="cartel-offer"]')?.textContent).toBe('10% en todo el pedido los martes')
    const url = `${ORIGIN}/?codigo=MARTES`
    for (const svg of qrs()) {
      expect(svg.getAttribute('data-qr-value')).toBe(url)
      expect(svg.querySelector('path')?.getAttribute('d')).toBe(uqrPath(url) ?? 'missing')
    }
    expect(screen.getByTestId('cartel-url').textContent).toBe('localhost:3000/?codigo=MARTES')
    expect(preview.textContent).toContain('Pide por WhatsApp: +502 1234 5678')
    expect((screen.getByLabelText('Código de promoción (opcional)') as HTMLSelectElement).value).toBe('MARTES')
  })

  test('the code is chosen among those a customer can use: not a paused, an expired or an automatic one', async () => {
    restore = chatNumber('50212345678').restore
    renderAt('/admin/cartel')
    const select = (await screen.findByLabelText('Código de promoción (opcional)')) as HTMLSelectElement
    await waitFor(() => expect([...select.options].map((o) => o.value)).toEqual(['', 'MARTES']))
    fireEvent.change(select, { target: { value: 'MARTES' } })
    await waitFor(() => expect(screen.getByTestId('cartel-url').textContent).toBe('localhost:3000/?codigo=MARTES'))
    for (const svg of qrs()) expect(svg.getAttribute('data-qr-value')).toBe(`${ORIGIN}/?codigo=MARTES`)
    fireEvent.change(select, { target: { value: '' } })
    await waitFor(() => expect(screen.getByTestId('cartel-url').textContent).toBe('localhost:3000'))
  })

  test("a link with a code a customer cannot use: it says why, and the QR stays the store's", async () => {
    restore = chatNumber('50212345678').restore
    for (const [code, why] of [
      ['NOEXISTE', 'No hay ninguna promoción con el código NOEXISTE: el QR abre la tienda sin código.'],
      ['PAUSADO', 'El código PAUSADO está en pausa: actívalo en Promociones para imprimirlo.'],
      ['VIEJO', 'El código VIEJO ya venció: el QR abre la tienda sin código.'],
    ] as const) {
      renderAt(`/admin/cartel?codigo=${code}`)
      await screen.findByText(why)
      expect(screen.getByLabelText('Código de promoción (opcional)').getAttribute('aria-invalid')).toBe('true')
      for (const svg of qrs()) expect(svg.getAttribute('data-qr-value')).toBe(`${ORIGIN}/`)
      expect(screen.getByRole('region', { name: 'Vista previa' }).textContent).not.toContain('Código')
      cleanup()
    }
  })

  test("the poster prints the restaurant's own name ('Tu restaurante')", async () => {
    restore = chatNumber('50255551234', { ...DEFAULT_STORE_PROFILE, name: 'Pupusería La Ceiba' }).restore
    renderAt('/admin/cartel')
    const preview = await screen.findByRole('region', { name: 'Vista previa' })
    await waitFor(() => expect(preview.textContent).toContain('Pupusería La Ceiba'))
    expect(preview.textContent).not.toContain('Chilaquiles Chapín')
  })

  test('no chat number on the server (404): the poster prints without the WhatsApp line', async () => {
    restore = chatNumber(null).restore
    renderAt('/admin/cartel')
    const preview = await screen.findByRole('region', { name: 'Vista previa' })
    await waitFor(() => expect(preview.textContent).toContain('Escanea y ordena'))
    expect(preview.textContent).not.toContain('WhatsApp')
    expect((screen.getByRole('button', { name: 'Imprimir' }) as HTMLButtonElement).disabled).toBe(false)
  })

  test("'Imprimir' prints (window.print)", async () => {
    restore = chatNumber('50212345678').restore
    let printed = 0
    const original = window.print
    window.print = () => void printed++
    try {
      renderAt('/admin/cartel')
      const button = await screen.findByRole('button', { name: 'Imprimir' })
      await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false))
      fireEvent.click(button)
      expect(printed).toBe(1)
    } finally {
      window.print = original
    }
  })
})
