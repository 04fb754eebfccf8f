import { afterEach, describe, expect, test } from 'bun:test'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { json, mockFetch, renderAdmin } from '../../test/render'
import { ChangePasswordForm } from './change-password-form'

let restore = () => {}
afterEach(() => {
  cleanup()
  restore()
})

const current = () => screen.getByLabelText('Contraseña actual') as HTMLInputElement
const next = () => screen.getByLabelText('Nueva contraseña') as HTMLInputElement

async function submit(currentPassword: string, newPassword: string) {
  fireEvent.change(current(), { target: { value: currentPassword } })
  fireEvent.change(next(), { target: { value: newPassword } })
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Cambiar contraseña' }))
  })
}

describe('ChangePasswordForm (Mi Perfil)', () => {
  test("the shared schema's messages, inline under each field; nothing is sent", async () => {
    const api = mockFetch(() => json({}))
    restore = api.restore
    renderAdmin(<ChangePasswordForm />)
    await submit('', 'corta')
    expect(screen.getByText('La contraseña actual es obligatoria')).toBeTruthy()
    expect(screen.getByText('La nueva contraseña debe tener al menos 8 caracteres')).toBeTruthy()
    expect(current().getAttribute('aria-invalid')).toBe('true')
    expect(document.getElementById(next().getAttribute('aria-describedby') ?? '')?.textContent).toBe('La nueva contraseña debe tener al menos 8 caracteres')

    await submit('secreta123', 'secreta123')
    expect(screen.queryByText('La contraseña actual es obligatoria')).toBeNull()
    expect(screen.getByText('La nueva contraseña debe ser distinta de la actual')).toBeTruthy()
    expect(api.calls).toHaveLength(0)
  })

  test('success: PUT /api/auth/password, the toast, and both fields cleared', async () => {
    const api = mockFetch(() => json({ message: 'ok' }))
    restore = api.restore
    renderAdmin(<ChangePasswordForm />)
    await submit('secreta123', 'nueva-clave-1')
    expect(await screen.findByText('Contraseña actualizada')).toBeTruthy()
    expect(api.calls.map((c) => `${c.method} ${c.path} ${c.body}`)).toEqual(['PUT /api/auth/password {"currentPassword":"secreta123","newPassword":"nueva-clave-1"}'])
    await waitFor(() => expect([current().value, next().value]).toEqual(['', '']))
  })

  test("failure: the server's message in the error toast, the fields kept", async () => {
    restore = mockFetch(() => json({ message: 'La contraseña actual no es correcta' }, 400)).restore
    renderAdmin(<ChangePasswordForm />)
    await submit('equivocada', 'nueva-clave-1')
    expect(await screen.findByText('La contraseña actual no es correcta')).toBeTruthy()
    expect(current().value).toBe('equivocada')
  })
})
