import { afterEach, describe, expect, test } from 'bun:test'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { renderAdmin } from '../../test/render'
import { sampleGroups, serveOptionGroups } from '../opciones/test-support'
import ProductosPage from './productos-page'

let restore = () => {}
afterEach(() => {
  cleanup()
  restore()
})

const products = [
  { id: 1, name: 'Café con leche', category: 'bebidas', optionGroupIds: [10, 11] },
  { id: 2, name: 'Horchata', category: 'bebidas', optionGroupIds: [] },
]

const section = () => screen.getByRole('region', { name: /^Opciones/ })

describe('Productos: options sold out, for any account', () => {
  test("a 'Cocina / caja' account switches Almendra back and Entera 'Agotado', and nothing else about groups", async () => {
    const groups = sampleGroups()
    const api = serveOptionGroups(groups, products, { role: 'staff' })
    restore = api.restore
    renderAdmin(<ProductosPage />)
    await screen.findByRole('heading', { name: 'Café con leche' })
    await waitFor(() => expect(screen.getAllByTestId('option-stock')).toHaveLength(5))
    expect(screen.queryByRole('button', { name: 'Agregar Producto' })).toBeNull()
    // The card names its groups, in its order; the section jumps from the header.
    expect(screen.getByText(/^Opciones:/).parentElement?.textContent).toBe('Opciones: Leche, Endulzante')
    expect(screen.getByRole('link', { name: 'Disponibilidad de opciones' }).getAttribute('href')).toBe('#opciones')

    const leche = within(section()).getByRole('list', { name: 'Opciones de Leche' })
    expect(within(leche).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'EnteraPor defectoSin costoDisponible',
      'DeslactosadaSin costoDisponible',
      'Almendra+Q5 · Grande +Q7Agotado',
    ])
    // Switches only: no way to edit, delete or create a group from here.
    expect(within(section()).queryAllByRole('button').filter((b) => b.getAttribute('role') !== 'switch')).toEqual([])
    expect(within(section()).queryByRole('textbox')).toBeNull()

    await act(async () => {
      fireEvent.click(within(leche).getByRole('switch', { name: 'Leche: Almendra disponible' }))
    })
    await act(async () => {
      fireEvent.click(within(leche).getByRole('switch', { name: 'Leche: Entera disponible' }))
    })
    expect(api.calls.filter((c) => c.method === 'PATCH').map((c) => `${c.path} ${c.body}`)).toEqual([
      '/api/option-groups/10/availability {"optionId":3,"available":true}',
      '/api/option-groups/10/availability {"optionId":1,"available":false}',
    ])
    await waitFor(() => expect(within(leche).getByRole('switch', { name: 'Leche: Entera disponible' }).getAttribute('aria-checked')).toBe('false'))
    expect(within(leche).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'EnteraPor defectoSin costoAgotado',
      'DeslactosadaSin costoDisponible',
      'Almendra+Q5 · Grande +Q7Disponible',
    ])
    expect(await screen.findByText('Entera: agotado')).toBeTruthy()
    expect(api.calls.some((c) => c.method === 'PUT' || c.method === 'POST' || c.method === 'DELETE')).toBe(false)
  })

  test('with no option groups there is no Opciones section', async () => {
    const api = serveOptionGroups([], products, { role: 'admin' })
    restore = api.restore
    renderAdmin(<ProductosPage />)
    await screen.findByRole('heading', { name: 'Café con leche' })
    await screen.findByRole('button', { name: 'Agregar Producto' })
    expect(screen.queryByRole('region', { name: /^Opciones/ })).toBeNull()
    expect(screen.queryByTestId('option-stock')).toBeNull()
  })
})
