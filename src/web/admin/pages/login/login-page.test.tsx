import { afterEach, describe, expect, test } from 'bun:test'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { json, mockFetch, renderAdmin } from '../../test/render'
import LoginPage from './login-page'

let restore = () => {}
afterEach(() => {
  cleanup()
  restore()
})

function fill(username: string, password: string) {
  fireEvent.change(screen.getByLabelText('Usuario'), { target: { value: username } })
  fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: password } })
  fireEvent.click(screen.getByRole('button', { name: 'Iniciar Sesión' }))
}

describe('LoginPage', () => {
  test('both fields are natively required', () => {
    renderAdmin(<LoginPage />, { path: '/login' })
    expect((screen.getByLabelText('Usuario') as HTMLInputElement).required).toBe(true)
    expect((screen.getByLabelText('Contraseña') as HTMLInputElement).required).toBe(true)
  })

  test("what the browser lets through is checked by the shared schema: spaces are no username", () => {
    const api = mockFetch(() => json({}))
    restore = api.restore
    renderAdmin(<LoginPage />, { path: '/login' })
    fill('   ', 'admin123')
    expect(screen.getByText('El usuario es obligatorio')).toBeTruthy()
    expect(screen.getByLabelText('Usuario').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByLabelText('Contraseña').getAttribute('aria-invalid')).toBeNull()
    expect(api.calls.filter((c) => c.path === '/api/auth/login')).toHaveLength(0)
    fireEvent.change(screen.getByLabelText('Usuario'), { target: { value: 'admin' } })
    expect(screen.queryByText('El usuario es obligatorio')).toBeNull()
  })

  test("the tab says whose panel it is once the restaurant's name is read", async () => {
    restore = mockFetch((req) => (new URL(req.url).pathname === '/api/store-profile' ? json({ name: 'Pupusería La Ceiba' }) : json({}, 404))).restore
    renderAdmin(<LoginPage />, { path: '/login' })
    expect(document.title).toBe('Iniciar sesión')
    await waitFor(() => expect(document.title).toBe('Iniciar sesión · Pupusería La Ceiba'))
  })

  test('failure: the server message in the login error toast', async () => {
    restore = mockFetch(() => json({ message: 'Usuario o contraseña inválidos' }, 401)).restore
    renderAdmin(<LoginPage />, { path: '/login' })
    fill('admin', 'mala')
    expect(await screen.findByText('Error de inicio de sesión')).toBeTruthy()
    expect(screen.getByText('Usuario o contraseña inválidos')).toBeTruthy()
  })

  test('failure without a server message: the default text', async () => {
    restore = mockFetch(() => new Response('', { status: 500 })).restore
    renderAdmin(<LoginPage />, { path: '/login' })
    fill('admin', 'mala')
    expect(await screen.findByText('Usuario o contraseña incorrectos')).toBeTruthy()
  })

  test('success: toast, busy label, then /admin after 100 ms', async () => {
    let answer: (r: Response) => void = () => {}
    restore = mockFetch(() => new Promise<Response>((resolve) => (answer = resolve))).restore
    renderAdmin(<LoginPage />, { path: '/login', routes: [{ path: '/admin', element: <p>panel</p> }] })
    fill('admin', 'admin123')
    expect(await screen.findByRole('button', { name: 'Iniciando sesión...' })).toBeTruthy()
    answer(json({ id: 'u1', username: 'admin', usesDefaultPassword: true }))
    expect(await screen.findByText('Inicio de sesión exitoso')).toBeTruthy()
    expect(screen.getByText('Bienvenido al panel de administración')).toBeTruthy()
    expect(screen.queryByText('panel')).toBeNull()
    expect(await screen.findByText('panel')).toBeTruthy()
  })
})
