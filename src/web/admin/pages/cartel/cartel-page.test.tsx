import { afterEach, describe, expect, test } from 'bun:test'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { renderSVG } from 'uqr'
import { QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { createQueryClient } from '../../lib/query-client'
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
const chatNumber = (value: string | null) => mockFetch(() => (value ? json({ key: 'whatsapp_number', value }) : json({ message: 'No encontrado' }, 404)))

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
    expect(api.calls.map((c) => c.path)).toEqual(['/api/settings/whatsapp_number'])

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

  test("?codigo=martes: the QR holds the store's link with the code, and the poster names it", async () => {
    restore = chatNumber('50212345678').restore
    renderAt('/admin/cartel?codigo=martes')
    const preview = await screen.findByRole('region', { name: 'Vista previa' })
    await waitFor(() => expect(preview.textContent).toContain('Código MARTES'))
    const url = `${ORIGIN}/?codigo=MARTES`
    for (const svg of qrs()) {
      expect(svg.getAttribute('data-qr-value')).toBe(url)
      expect(svg.querySelector('path')?.getAttribute('d')).toBe(uqrPath(url) ?? 'missing')
    }
    expect(screen.getByTestId('cartel-url').textContent).toBe('localhost:3000/?codigo=MARTES')
    expect(preview.textContent).toContain('Pide por WhatsApp: +502 1234 5678')
    expect((screen.getByLabelText('Código de promoción (opcional)') as HTMLInputElement).value).toBe('martes')
  })

  test("a code typed in the page: a half-typed one is refused and the QR stays the store's; a whole one is used", async () => {
    restore = chatNumber('50212345678').restore
    renderAt('/admin/cartel')
    const input = await screen.findByLabelText('Código de promoción (opcional)')
    fireEvent.change(input, { target: { value: 'ma' } })
    await screen.findByText('El código debe tener de 3 a 20 letras o números')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    for (const svg of qrs()) expect(svg.getAttribute('data-qr-value')).toBe(`${ORIGIN}/`)
    fireEvent.change(input, { target: { value: 'ma2x1' } })
    await waitFor(() => expect(screen.getByTestId('cartel-url').textContent).toBe('localhost:3000/?codigo=MA2X1'))
    expect(screen.queryByText('El código debe tener de 3 a 20 letras o números')).toBeNull()
    for (const svg of qrs()) expect(svg.getAttribute('data-qr-value')).toBe(`${ORIGIN}/?codigo=MA2X1`)
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
