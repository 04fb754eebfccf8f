import { afterEach, describe, expect, mock, test } from 'bun:test'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import type { Ingredient, Product, ProductData } from '@/shared/schemas'
import { Dialog, DialogContent, DialogTitle } from '@/web/ui/dialog'
import { ProductCard } from './product-card'
import { ProductForm } from './product-form'

afterEach(cleanup)

const ingredients: Ingredient[] = [
  { id: 1, name: 'Salsa Verde', type: 'salsa', price: 0, category: 'salsa', available: true, image: null, description: null },
  { id: 2, name: 'Crema', type: 'base', price: 0, category: 'base', available: true, image: null, description: null },
  { id: 3, name: 'Pollo', type: 'extra', price: 15, category: 'proteina', available: true, image: null, description: null },
]

function renderForm(product: Product | null = null, saving = false) {
  const onSubmit = mock((_data: ProductData) => {})
  render(
    <Dialog open>
      <DialogContent>
        <DialogTitle>Producto</DialogTitle>
        <ProductForm product={product} ingredients={ingredients} ingredientsLoading={false} saving={saving} onSubmit={onSubmit} />
      </DialogContent>
    </Dialog>,
  )
  return onSubmit
}

const change = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })

/** Clicks 'Crear' and lets react-hook-form's (asynchronous) validation finish. */
const create = () =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Crear' }))
  })

describe('ProductForm', () => {
  test('blank required fields show inline errors and nothing is submitted', async () => {
    const onSubmit = renderForm()
    await create()
    expect(onSubmit).not.toHaveBeenCalled()
    expect(screen.getAllByText('Este campo es obligatorio')).toHaveLength(2)
    expect(screen.getByLabelText('Nombre').getAttribute('aria-invalid')).toBe('true')
  })

  test('an error disappears as soon as the field is fixed', async () => {
    renderForm()
    await create()
    // After a failed submit each change is checked again (asynchronously).
    await act(async () => {
      change('Nombre', 'Chilaquiles Rojos')
    })
    expect(screen.getAllByText('Este campo es obligatorio')).toHaveLength(1)
  })

  test('blank prices: medium becomes 0, large null, display order 0; defaults apply', async () => {
    const onSubmit = renderForm()
    change('Nombre', 'Chilaquiles Rojos')
    change('Descripción', 'Con salsa roja')
    await create()
    expect(onSubmit).toHaveBeenCalledTimes(1)
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({
      name: 'Chilaquiles Rojos',
      description: 'Con salsa roja',
      category: 'chilaquiles',
      price: 0,
      priceGrande: null,
      sauce: null,
      image: null,
      available: true,
      displayOrder: 0,
      availableSauces: [],
      baseIngredientIds: [],
      extraIngredientIds: [],
      dailyLimit: null,
      windows: null,
    })
  })

  test('the Disponible / Agotado switch: a new product is available; switched off it is sent as sold out', async () => {
    const onSubmit = renderForm()
    change('Nombre', 'Horchata')
    change('Descripción', 'Agua de arroz')
    const toggle = screen.getByRole('switch', { name: 'Disponible' })
    expect(toggle.getAttribute('aria-checked')).toBe('true')
    fireEvent.click(toggle)
    expect(screen.getByRole('switch', { name: 'Agotado' }).getAttribute('aria-checked')).toBe('false')
    await create()
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ name: 'Horchata', available: false })
  })

  test("its own hours: off it follows its category's (null); on, 'Desayunos' hours typed in 24-hour time are sent; a bad time is named", async () => {
    const onSubmit = renderForm()
    change('Nombre', 'Chilaquiles Supremos')
    change('Descripción', 'Con todo')
    await create()
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ windows: null })
    fireEvent.click(screen.getByRole('switch', { name: "El de su categoría" }))
    const days = screen.getByRole('group', { name: 'Días del horario 1' })
    fireEvent.click(days.querySelectorAll('input')[0] as HTMLInputElement) // domingo off
    change('Desde', '8')
    fireEvent.blur(screen.getByLabelText('Desde'))
    change('Hasta', '1030')
    fireEvent.blur(screen.getByLabelText('Hasta'))
    await create()
    expect(onSubmit.mock.calls[1]?.[0]).toMatchObject({ windows: [{ days: [1, 2, 3, 4, 5, 6], from: '08:00', to: '10:30' }] })
    change('Hasta', 'mañana')
    await create()
    expect(onSubmit).toHaveBeenCalledTimes(2)
    expect(screen.getByTestId('product-windows').textContent).toMatch(/HH:MM|hora/i)
  })

  test("one size has a 'Precio'; a large price makes it the medium one; the menu position says which comes first", () => {
    renderForm()
    expect(screen.queryByLabelText(/mediano/i)).toBeNull()
    expect(screen.getByLabelText('Precio (Q)')).toBeTruthy()
    change('Precio grande (Q, opcional)', '55')
    expect(screen.getByLabelText('Precio mediano (Q)')).toBeTruthy()
    change('Precio grande (Q, opcional)', '')
    expect(screen.getByLabelText('Precio (Q)')).toBeTruthy()
    expect(screen.getByLabelText('Posición en el menú').getAttribute('aria-describedby')).toBeTruthy()
    expect(screen.getByText('Los números más bajos salen primero.')).toBeTruthy()
    expect(screen.queryByText(/visualización/)).toBeNull()
  })

  test('prices must be whole quetzales', async () => {
    const onSubmit = renderForm()
    change('Nombre', 'X')
    change('Descripción', 'Y')
    change('Precio (Q)', '12.5')
    await create()
    expect(onSubmit).not.toHaveBeenCalled()
    expect(screen.getByText('Debe ser un número entero')).toBeTruthy()
  })

  test('pickers list ingredients by type and send the chosen ids', async () => {
    const onSubmit = renderForm()
    change('Nombre', 'X')
    change('Descripción', 'Y')
    change('Precio (Q)', '40')
    change('Precio grande (Q, opcional)', '55')
    change('Categoría', 'bebidas')
    fireEvent.click(screen.getByLabelText('Salsa Verde'))
    fireEvent.click(screen.getByLabelText('Crema'))
    fireEvent.click(screen.getByLabelText(/Pollo/))
    await create()
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      category: 'bebidas',
      price: 40,
      priceGrande: 55,
      availableSauces: [1],
      baseIngredientIds: [2],
      extraIngredientIds: [3],
    })
  })

  test('edit mode starts from the product and says Actualizar; saving disables it', () => {
    const product: Product = {
      id: 7,
      name: 'Horchata',
      description: 'Agua de arroz',
      category: 'bebidas',
      price: 20,
      priceGrande: null,
      sauce: null,
      image: null,
      available: false,
      displayOrder: 2,
      availableSauces: [],
      baseIngredientIds: [],
      extraIngredientIds: [],
      dailyLimit: null,
      windows: null,
    }
    renderForm(product, true)
    expect((screen.getByLabelText('Nombre') as HTMLInputElement).value).toBe('Horchata')
    expect(screen.getByRole('switch', { name: 'Agotado' }).getAttribute('aria-checked')).toBe('false')
    expect((screen.getByLabelText('Precio grande (Q, opcional)') as HTMLInputElement).value).toBe('')
    const button = screen.getByRole('button', { name: 'Guardando...' })
    expect((button as HTMLButtonElement).disabled).toBe(true)
  })
})

describe('ProductCard', () => {
  const product: Product = {
    id: 7,
    name: 'Horchata',
    description: 'Agua de arroz',
    category: 'bebidas',
    price: 20,
    priceGrande: null,
    sauce: null,
    image: null,
    available: true,
    displayOrder: 0,
    availableSauces: [],
    baseIngredientIds: [],
    extraIngredientIds: [],
    dailyLimit: null,
    windows: null,
  }
  test('a sold-out product shows the Agotado badge; an available one does not', () => {
    render(<ProductCard product={{ ...product, available: false }} deleting={false} onEdit={() => {}} onDelete={() => {}} onAvailable={() => {}} />)
    expect(screen.getAllByText('Agotado').length).toBe(2) // the badge and the switch's state
    cleanup()
    render(<ProductCard product={product} deleting={false} onEdit={() => {}} onDelete={() => {}} onAvailable={() => {}} />)
    expect(screen.queryByText('Agotado')).toBeNull()
    cleanup()
  })

  test("the switch marks it 'Agotado'; without edit and delete (Cocina / caja) only the switch is there", () => {
    const calls: boolean[] = []
    render(<ProductCard product={product} deleting={false} onAvailable={(available) => calls.push(available)} />)
    fireEvent.click(screen.getByRole('switch', { name: `${product.name} disponible` }))
    expect(calls).toEqual([false])
    expect(screen.queryByRole('button', { name: new RegExp(`Editar|Eliminar`) })).toBeNull()
    cleanup()
  })
})
