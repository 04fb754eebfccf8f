import { afterEach, describe, expect, test } from 'bun:test'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { OptionGroup } from '@/shared/options'
import { renderAdmin } from '../../test/render'
import OpcionesPage from './opciones-page'
import { option, sampleGroups, serveOptionGroups } from './test-support'

let restore = () => {}
afterEach(() => {
  cleanup()
  restore()
})

const products = [
  { id: 1, name: 'Café con leche', category: 'bebidas', optionGroupIds: [10, 11] },
  { id: 2, name: 'Latte', category: 'bebidas', optionGroupIds: [10] },
  { id: 3, name: 'Horchata', category: 'bebidas', optionGroupIds: [] },
]

function serve(groups: OptionGroup[] = sampleGroups()) {
  const api = serveOptionGroups(groups, products)
  restore = api.restore
  return { ...api, groups }
}

const cards = () => screen.getAllByTestId('option-group-card')
const card = (name: string) => {
  const found = cards().find((c) => within(c).getByRole('heading').textContent === name)
  if (!found) throw new Error(`no card ${name}`)
  return found
}
const dialog = () => screen.getByRole('dialog')
/** The open dialog of `role`, or null (a role query over the whole page is too slow to repeat in waitFor). */
const open = (role: 'dialog' | 'alertdialog') => document.querySelector(`[role="${role}"]`)
const change = (label: string | RegExp, value: string) => fireEvent.change(within(dialog()).getByLabelText(label), { target: { value } })
const submit = (name: 'Crear' | 'Actualizar') =>
  act(async () => {
    fireEvent.click(within(dialog()).getByRole('button', { name }))
  })
/** A click whose effects (a mutation, its refetches) settle inside act: a bare click left React Query's work waiting on waitFor's polling for seconds. */
const click = (element: HTMLElement) =>
  act(async () => {
    fireEvent.click(element)
  })
const sent = (calls: { method: string; body: string }[], method: string) => JSON.parse(calls.filter((c) => c.method === method).at(-1)?.body ?? 'null') as unknown

describe('Opciones', () => {
  test('each group: its rule, its options with prices (Grande apart), sold-out marks, and the products that use it', async () => {
    serve()
    renderAdmin(<OpcionesPage />)
    await waitFor(() => expect(cards()).toHaveLength(2))
    const leche = card('Leche')
    expect(within(leche).getByTestId('group-rule').textContent).toBe('Elige 1Obligatorio')
    const rows = within(leche).getAllByTestId('option-stock').map((r) => r.textContent)
    expect(rows).toEqual(['EnteraPor defectoSin costoDisponible', 'DeslactosadaSin costoDisponible', 'Almendra+Q5 · Grande +Q7Agotado'])
    await waitFor(() => expect(within(leche).getByTestId('group-used-by').textContent).toBe('2 productos: Café con leche, Latte'))
    const endulzante = card('Endulzante')
    expect(within(endulzante).getByTestId('group-rule').textContent).toBe('Elige hasta 2Opcional')
    expect(within(endulzante).getByText('+Q3')).toBeTruthy()
    expect(within(endulzante).getByTestId('group-used-by').textContent).toBe('1 producto: Café con leche')
  })

  test('create: blank and inconsistent fields are named in Spanish; then Leche with three options is sent as the schema says', async () => {
    const api = serve([])
    renderAdmin(<OpcionesPage />)
    expect(await screen.findByText(/No hay grupos de opciones/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Agregar Grupo' }))
    expect(within(dialog()).getByRole('heading', { name: 'Nuevo Grupo de Opciones' })).toBeTruthy()
    expect(within(dialog()).getByTestId('group-rule-preview').textContent).toBe('El cliente verá: Elige 1 · Obligatorio')
    await submit('Crear')
    expect(within(dialog()).getAllByText('Este campo es obligatorio')).toHaveLength(2)
    expect(within(dialog()).getByLabelText('Nombre del grupo').getAttribute('aria-invalid')).toBe('true')
    expect(within(dialog()).getByLabelText('Opción 1').getAttribute('aria-invalid')).toBe('true')

    change('Nombre del grupo', 'Leche')
    change('Opción 1', 'Entera')
    change('Mínimo a elegir', '2')
    change('Máximo a elegir', '0')
    await submit('Crear')
    expect(within(dialog()).getByText('El máximo va de 1 a 30')).toBeTruthy()
    expect(within(dialog()).getByText('El mínimo no puede pasar del número de opciones')).toBeTruthy()
    change('Mínimo a elegir', '1')
    change('Máximo a elegir', '1')

    fireEvent.click(within(dialog()).getByRole('button', { name: 'Agregar opción' }))
    change('Opción 2', 'entera')
    await submit('Crear')
    expect(within(dialog()).getByRole('alert').textContent).toBe('Hay dos opciones con el mismo nombre')
    change('Opción 2', 'Deslactosada')
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Agregar opción' }))
    change('Opción 3', 'Almendra')
    change('Precio (Q) de la opción 3', '5')
    change('Grande (Q) de la opción 3', '7')
    change('Precio (Q) de la opción 2', '2.5')
    await submit('Crear')
    expect(within(dialog()).getByText('Debe ser un número entero')).toBeTruthy()
    change('Precio (Q) de la opción 2', '')
    // 'Elige 1': one default at most, so ticking a second moves it.
    fireEvent.click(within(dialog()).getByLabelText('Por defecto, opción 2'))
    fireEvent.click(within(dialog()).getByLabelText('Por defecto, opción 1'))
    expect((within(dialog()).getByLabelText('Por defecto, opción 2') as HTMLInputElement).checked).toBe(false)
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0)

    await submit('Crear')
    await waitFor(() => expect(open('dialog')).toBeNull())
    expect(sent(api.calls, 'POST')).toEqual({
      name: 'Leche',
      min: 1,
      max: 1,
      options: [
        { name: 'Entera', price: 0, priceGrande: null, available: true, isDefault: true },
        { name: 'Deslactosada', price: 0, priceGrande: null, available: true, isDefault: false },
        { name: 'Almendra', price: 5, priceGrande: 7, available: true, isDefault: false },
      ],
    })
    expect(await screen.findByText('Grupo de opciones creado')).toBeTruthy()
    await waitFor(() => expect(cards()).toHaveLength(1))
    expect(within(card('Leche')).getAllByTestId('option-stock').map((r) => r.textContent)).toEqual([
      'EnteraPor defectoSin costoDisponible',
      'DeslactosadaSin costoDisponible',
      'Almendra+Q5 · Grande +Q7Disponible',
    ])
  })

  test('edit keeps each option’s id through a reorder; a removed option is left out, a new one has no id', async () => {
    const api = serve()
    renderAdmin(<OpcionesPage />)
    await waitFor(() => expect(cards()).toHaveLength(2))
    fireEvent.click(within(card('Leche')).getByRole('button', { name: 'Editar Leche' }))
    expect(within(dialog()).getByRole('heading', { name: 'Editar Grupo de Opciones' })).toBeTruthy()
    expect((within(dialog()).getByLabelText('Opción 3') as HTMLInputElement).value).toBe('Almendra')
    expect((within(dialog()).getByLabelText('Grande (Q) de la opción 3') as HTMLInputElement).value).toBe('7')
    expect((within(dialog()).getByLabelText('Disponible, opción 3') as HTMLInputElement).checked).toBe(false)

    fireEvent.click(within(dialog()).getByRole('button', { name: 'Subir opción 3' }))
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Subir opción 2' }))
    expect(within(dialog()).getAllByTestId('option-row').map((r) => (r.querySelector('input') as HTMLInputElement).value)).toEqual(['Almendra', 'Entera', 'Deslactosada'])
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Quitar opción 3' }))
    fireEvent.click(within(dialog()).getByLabelText('Disponible, opción 1'))
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Agregar opción' }))
    change('Opción 3', 'Avena')
    change('Precio (Q) de la opción 3', '4')
    change('Nombre del grupo', 'Leche vegetal')
    await submit('Actualizar')
    await waitFor(() => expect(open('dialog')).toBeNull())
    expect(api.calls.find((c) => c.method === 'PUT')?.path).toBe('/api/option-groups/10')
    expect(sent(api.calls, 'PUT')).toEqual({
      name: 'Leche vegetal',
      min: 1,
      max: 1,
      options: [
        { id: 3, name: 'Almendra', price: 5, priceGrande: 7, available: true, isDefault: false },
        { id: 1, name: 'Entera', price: 0, priceGrande: null, available: true, isDefault: true },
        { name: 'Avena', price: 4, priceGrande: null, available: true, isDefault: false },
      ],
    })
    await waitFor(() => expect(within(card('Leche vegetal')).getAllByTestId('option-stock')).toHaveLength(3))
  })

  test("delete asks first; a group products still use stays, with the server's 409 message in the dialog; an unused one goes", async () => {
    const groups = [...sampleGroups(), { id: 12, name: 'Temperatura', min: 1, max: 1, options: [option(6, 'Caliente'), option(7, 'Frío')] }]
    const api = serve(groups)
    renderAdmin(<OpcionesPage />)
    await waitFor(() => expect(cards()).toHaveLength(3))
    await waitFor(() => expect(within(card('Leche')).getByTestId('group-used-by').textContent).toContain('2 productos'))
    fireEvent.click(within(card('Leche')).getByRole('button', { name: 'Eliminar Leche' }))
    const confirm = await screen.findByRole('alertdialog')
    expect(within(confirm).getByText('Lo usan 2 productos: Café con leche, Latte.')).toBeTruthy()
    await click(within(confirm).getByRole('button', { name: 'Eliminar' }))
    expect((await within(confirm).findByRole('alert')).textContent).toBe('No se puede eliminar: lo usan Café con leche, Latte')
    expect(screen.getByRole('alertdialog')).toBe(confirm)
    expect(cards()).toHaveLength(3)
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancelar' }))
    await waitFor(() => expect(open('alertdialog')).toBeNull())

    // The next confirmation starts without the last one's error.
    fireEvent.click(within(card('Temperatura')).getByRole('button', { name: 'Eliminar Temperatura' }))
    const next = await screen.findByRole('alertdialog')
    expect(within(next).queryByRole('alert')).toBeNull()
    expect(within(next).getByText(/Los pedidos ya hechos las conservan/)).toBeTruthy()
    await click(within(next).getByRole('button', { name: 'Eliminar' }))
    await waitFor(() => expect(open('alertdialog')).toBeNull())
    await waitFor(() => expect(cards()).toHaveLength(2))
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/option-groups/10', '/api/option-groups/12'])
  })
})
