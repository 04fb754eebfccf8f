import { afterEach, describe, expect, mock, test } from 'bun:test'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import type { Ingredient, IngredientData } from '@/shared/schemas'
import { Dialog, DialogContent, DialogTitle } from '@/web/ui/dialog'
import { IngredientForm } from './ingredient-form'

afterEach(cleanup)

function renderForm(ingredient: Ingredient | null = null) {
  const onSubmit = mock((_data: IngredientData) => {})
  render(
    <Dialog open>
      <DialogContent>
        <DialogTitle>Ingrediente</DialogTitle>
        <IngredientForm ingredient={ingredient} saving={false} onSubmit={onSubmit} />
      </DialogContent>
    </Dialog>,
  )
  return onSubmit
}

/** Clicks 'Crear' and lets react-hook-form's (asynchronous) validation finish. */
const create = () =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Crear' }))
  })

const fieldNames = () => ({
  price: screen.queryByLabelText('Precio (Q)') !== null,
  description: screen.queryByLabelText('Descripción') !== null,
  image: screen.queryByText('Subir imagen') !== null,
})

describe('IngredientForm', () => {
  test('defaults: type base, category topping, available; no price, image or description', () => {
    renderForm()
    expect((screen.getByLabelText('Tipo') as HTMLSelectElement).value).toBe('base')
    expect((screen.getByLabelText('Categoría') as HTMLSelectElement).value).toBe('topping')
    expect(screen.getByRole('switch').getAttribute('aria-checked')).toBe('true')
    expect(fieldNames()).toEqual({ price: false, description: false, image: false })
  })

  test('the fields follow the type: price only for extra, image and description only for salsa', () => {
    renderForm()
    fireEvent.change(screen.getByLabelText('Tipo'), { target: { value: 'extra' } })
    expect(fieldNames()).toEqual({ price: true, description: false, image: false })
    fireEvent.change(screen.getByLabelText('Tipo'), { target: { value: 'salsa' } })
    expect(fieldNames()).toEqual({ price: false, description: true, image: true })
  })

  test('an extra is saved with its price read as a number', async () => {
    const onSubmit = renderForm()
    fireEvent.change(screen.getByLabelText('Nombre'), { target: { value: 'Aguacate' } })
    fireEvent.change(screen.getByLabelText('Tipo'), { target: { value: 'extra' } })
    fireEvent.change(screen.getByLabelText('Precio (Q)'), { target: { value: '10' } })
    await create()
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      name: 'Aguacate',
      type: 'extra',
      price: 10,
      category: 'topping',
      available: true,
      image: null,
      description: null,
    })
  })

  test('a salsa keeps its description; a base drops a hidden price', async () => {
    const onSubmit = renderForm()
    fireEvent.change(screen.getByLabelText('Nombre'), { target: { value: 'Salsa Macha' } })
    fireEvent.change(screen.getByLabelText('Tipo'), { target: { value: 'extra' } })
    fireEvent.change(screen.getByLabelText('Precio (Q)'), { target: { value: '8' } })
    fireEvent.change(screen.getByLabelText('Tipo'), { target: { value: 'salsa' } })
    fireEvent.change(screen.getByLabelText('Descripción'), { target: { value: 'Aceite y chiles' } })
    await create()
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ type: 'salsa', price: 0, description: 'Aceite y chiles' })
  })

  test('name is required', async () => {
    const onSubmit = renderForm()
    await create()
    expect(onSubmit).not.toHaveBeenCalled()
    expect(screen.getByText('Este campo es obligatorio')).toBeTruthy()
  })

  test('edit mode: a salsa shows its image preview, which can be removed', () => {
    renderForm({ id: 4, name: 'Mole', type: 'salsa', price: 0, category: 'salsa', available: true, image: '/uploads/mole.png', description: 'Dulce' })
    expect(screen.getByRole('img', { name: /Vista previa/ })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Quitar imagen' }))
    expect(screen.queryByRole('img', { name: /Vista previa/ })).toBeNull()
    expect(screen.getByText('Subir imagen')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Actualizar' })).toBeTruthy()
  })
})
