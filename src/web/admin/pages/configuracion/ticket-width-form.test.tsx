import { afterEach, describe, expect, test } from 'bun:test'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { json, mockFetch, renderAdmin } from '../../test/render'
import { TicketWidthForm } from './ticket-width-form'

let restore = () => {}
afterEach(() => {
  cleanup()
  restore()
})

const radio = (name: string) => screen.getByRole('radio', { name: new RegExp(`^${name}`) }) as HTMLInputElement

describe("'Ancho del ticket'", () => {
  test('shows the saved width; choosing 58 mm and Guardar saves it through its own route', async () => {
    const api = mockFetch((req) =>
      req.method === 'PATCH' ? json({ key: 'ticket_width', value: '58', updatedAt: '2026-11-24T00:00:00.000Z' }) : json({ key: 'ticket_width', value: '80', updatedAt: null }),
    )
    restore = api.restore
    renderAdmin(<TicketWidthForm />)
    await screen.findByRole('group', { name: 'Ancho del papel' })
    await waitFor(() => expect(radio('80 mm').checked).toBe(true))
    expect(radio('58 mm').checked).toBe(false)
    expect(api.calls[0]?.path).toBe('/api/settings/ticket_width')

    fireEvent.click(radio('58 mm'))
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }))
    await screen.findByText('Configuración guardada')
    expect(screen.getByText('Los tickets de cocina se imprimen a 58 mm')).toBeTruthy()
    const patch = api.calls.find((c) => c.method === 'PATCH')
    expect(patch?.path).toBe('/api/settings/ticket_width')
    expect(JSON.parse(patch?.body ?? '{}')).toEqual({ value: '58' })
    expect(radio('58 mm').checked).toBe(true)
  })

  test("a refused save shows the server's reason", async () => {
    const api = mockFetch((req) =>
      req.method === 'PATCH' ? json({ message: 'No tienes permiso para esta acción' }, 403) : json({ key: 'ticket_width', value: '58', updatedAt: null }),
    )
    restore = api.restore
    renderAdmin(<TicketWidthForm />)
    await waitFor(() => expect(radio('58 mm').checked).toBe(true))
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }))
    await screen.findByText('No tienes permiso para esta acción')
  })
})
