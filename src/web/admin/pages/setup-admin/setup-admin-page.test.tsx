import { afterEach, describe, expect, test } from 'bun:test'
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { json, mockFetch, renderAdmin } from '../../test/render'
import SetupAdminPage from './setup-admin-page'

let restore = () => {}
afterEach(() => {
  cleanup()
  restore()
})

describe('SetupAdminPage', () => {
  test('announces the initial password and links back to login', () => {
    renderAdmin(<SetupAdminPage />, { path: '/setup-admin' })
    expect(screen.getByText('admin123')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Volver al inicio de sesión' }).getAttribute('href')).toBe('/login')
  })

  test('"already exists" offers the repair button; repair success and failure texts', async () => {
    let repairOk = true
    restore = mockFetch((req) => {
      if (req.url.endsWith('/create-initial-admin')) return json({ message: 'El usuario admin already exists' }, 409)
      return repairOk ? json({ success: true }) : json({ message: 'no' }, 409)
    }).restore
    renderAdmin(<SetupAdminPage />, { path: '/setup-admin' })
    expect(screen.queryByRole('button', { name: 'Arreglar Usuario Admin' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Crear Usuario Admin' }))
    expect(await screen.findByText('El usuario admin already exists')).toBeTruthy()
    expect(screen.getByText(/fue creado con un problema/)).toBeTruthy()

    repairOk = false
    fireEvent.click(screen.getByRole('button', { name: 'Arreglar Usuario Admin' }))
    expect(await screen.findByText('Error al arreglar el usuario admin')).toBeTruthy()
    repairOk = true
    fireEvent.click(screen.getByRole('button', { name: 'Arreglar Usuario Admin' }))
    expect(await screen.findByText('¡Admin arreglado! Ahora puedes iniciar sesión.')).toBeTruthy()
  })

  test('success is said once, the button waits, and after 2 s the page is /login', async () => {
    restore = mockFetch(() => json({ message: 'Usuario administrador creado: admin / admin123.' }, 201)).restore
    renderAdmin(<SetupAdminPage />, { path: '/setup-admin', routes: [{ path: '/login', element: <h1>Inicio de sesión</h1> }] })
    fireEvent.click(screen.getByRole('button', { name: 'Crear Usuario Admin' }))
    expect(await screen.findByRole('status')).toBeTruthy()
    expect(screen.getAllByText('Usuario admin creado')).toHaveLength(1) // no toast saying it again
    expect((screen.getByRole('button', { name: 'Redirigiendo...' }) as HTMLButtonElement).disabled).toBe(true)
    expect(screen.queryByRole('heading', { name: 'Inicio de sesión' })).toBeNull()
    expect(await screen.findByRole('heading', { name: 'Inicio de sesión' }, { timeout: 3000 })).toBeTruthy()
  })

  test('another failure: the generic text, no repair button', async () => {
    restore = mockFetch(() => new Response('', { status: 500 })).restore
    renderAdmin(<SetupAdminPage />, { path: '/setup-admin' })
    fireEvent.click(screen.getByRole('button', { name: 'Crear Usuario Admin' }))
    expect(await screen.findByText('Error al crear el usuario admin')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Arreglar Usuario Admin' })).toBeNull()
  })
})
