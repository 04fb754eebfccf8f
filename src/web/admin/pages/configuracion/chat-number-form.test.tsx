import { afterEach, describe, expect, test } from 'bun:test'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { json, mockFetch, renderAdmin } from '../../test/render'
import { ChatNumberForm } from './chat-number-form'

let restore = () => {}
afterEach(() => {
  cleanup()
  restore()
})

describe('ChatNumberForm', () => {
  test('fewer than 8 digits: toast "Número inválido" and nothing is saved', async () => {
    const api = mockFetch(() => json({ message: 'No encontrado' }, 404))
    restore = api.restore
    renderAdmin(<ChatNumberForm />)
    const input = await screen.findByLabelText('Número de WhatsApp')
    expect(screen.getByText(/\+502 1234 5678/)).toBeTruthy()
    fireEvent.change(input, { target: { value: '12-34' } })
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }))
    await screen.findByText('Número inválido')
    expect(screen.getByText('El número debe tener entre 8 y 15 dígitos')).toBeTruthy()
    expect(api.calls.filter((c) => c.method === 'PATCH')).toHaveLength(0)
  })

  test('more than 15 digits is refused too', async () => {
    const api = mockFetch(() => json({ message: 'No encontrado' }, 404))
    restore = api.restore
    renderAdmin(<ChatNumberForm />)
    fireEvent.change(await screen.findByLabelText('Número de WhatsApp'), { target: { value: '1234567890123456' } })
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }))
    await screen.findByText('Número inválido')
  })

  test('non-digits are stripped and the digits are saved', async () => {
    const api = mockFetch((req) =>
      req.method === 'PATCH' ? json({ key: 'whatsapp_number', value: '50255551234' }) : json({ key: 'whatsapp_number', value: '50211112222' }),
    )
    restore = api.restore
    renderAdmin(<ChatNumberForm />)
    const input = (await screen.findByLabelText('Número de WhatsApp')) as HTMLInputElement
    await waitFor(() => expect(input.value).toBe('50211112222'))
    fireEvent.change(input, { target: { value: '+502 5555-1234' } })
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }))
    await screen.findByText('Configuración guardada')
    const patch = api.calls.find((c) => c.method === 'PATCH')
    expect(patch?.path).toBe('/api/settings/whatsapp_number')
    expect(JSON.parse(patch?.body ?? '{}')).toEqual({ value: '50255551234' })
    expect(input.value).toBe('50255551234')
  })

  test('a failed save says so', async () => {
    const api = mockFetch((req) => (req.method === 'PATCH' ? json({ message: 'boom' }, 500) : json({ message: 'x' }, 404)))
    restore = api.restore
    renderAdmin(<ChatNumberForm />)
    fireEvent.change(await screen.findByLabelText('Número de WhatsApp'), { target: { value: '50255551234' } })
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }))
    await screen.findByText('No se pudo guardar la configuración')
  })
})
