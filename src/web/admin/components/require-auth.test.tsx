import { afterEach, describe, expect, test } from 'bun:test'
import { cleanup, screen } from '@testing-library/react'
import { Route, Routes } from 'react-router'
import { json, mockFetch, renderAdmin } from '../test/render'
import { RequireAuth } from './require-auth'

let restore = () => {}
afterEach(() => {
  cleanup()
  restore()
})

function Guarded() {
  return (
    <Routes>
      <Route element={<RequireAuth />}>
        <Route path="*" element={<p>contenido privado</p>} />
      </Route>
    </Routes>
  )
}

describe('RequireAuth', () => {
  test('shows Cargando... then redirects to /login when signed out', async () => {
    restore = mockFetch(() => json({ message: 'No has iniciado sesión' }, 401)).restore
    renderAdmin(<Guarded />, { path: '/admin/*', routes: [{ path: '/login', element: <p>pantalla de login</p> }] })
    expect(screen.getByText('Cargando...')).toBeTruthy()
    expect(await screen.findByText('pantalla de login')).toBeTruthy()
    expect(screen.queryByText('contenido privado')).toBeNull()
  })

  test('renders the page for a signed-in user', async () => {
    restore = mockFetch(() => json({ id: 'u1', username: 'admin', usesDefaultPassword: false })).restore
    renderAdmin(<Guarded />, { path: '/admin/*' })
    expect(await screen.findByText('contenido privado')).toBeTruthy()
  })
})
