import { afterEach, describe, expect, mock, test } from 'bun:test'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import type { OptionGroup } from '@/shared/options'
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

const option = (id: number, name: string, price = 0) => ({ id, name, price, priceGrande: null, available: true, isDefault: false })
const groups: OptionGroup[] = [
  { id: 10, name: 'Leche', min: 1, max: 1, options: [option(1, 'Entera'), option(2, 'Almendra', 5)] },
  { id: 11, name: 'Endulzante', min: 0, max: 2, options: [option(3, 'Azúcar'), option(4, 'Miel', 3)] },
  { id: 12, name: 'Temperatura', min: 1, max: 1, options: [option(5, 'Caliente'), option(6, 'Frío')] },
]

function renderForm(product: Product | null = null, saving = false, optionGroups: OptionGroup[] = []) {
  const onSubmit = mock((_data: ProductData) => {})
  render(
    <MemoryRouter>
      <Dialog open>
        <DialogContent>
          <DialogTitle>Producto</DialogTitle>
          <ProductForm product={product} ingredients={ingredients} ingredientsLoading={false} optionGroups={optionGroups} saving={saving} onSubmit={onSubmit} />
        </DialogContent>
      </Dialog>
    </MemoryRouter>,
  )
  return onSubmit
}

const change = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })

/** Clicks 'Crear' and lets react-hook-form's (asynchronous) validation finish. */
const create = () =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Crear' }))
  })

const existing: Product = {
  id: 8,
  name: 'Café con leche',
  description: 'De olla',
  category: 'bebidas',
  price: 15,
  priceGrande: 20,
  sauce: null,
  image: null,
  available: true,
  displayOrder: 0,
  availableSauces: [],
  baseIngredientIds: [],
  extraIngredientIds: [],
  dailyLimit: null,
  windows: null,
  optionGroupIds: [],
}

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
      optionGroupIds: [],
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

  test('option groups: added from the select in order, moved, removed; the ordered ids are sent', async () => {
    const onSubmit = renderForm(null, false, groups)
    change('Nombre', 'Café con leche')
    change('Descripción', 'De olla')
    const chosen = () => screen.queryAllByTestId('product-group').map((li) => li.textContent?.replace(/ ·.*/, ''))
    const add = (id: number) => {
      change('Grupo para agregar', String(id))
      fireEvent.click(screen.getByRole('button', { name: 'Agregar grupo' }))
    }
    expect([...(screen.getByLabelText('Grupo para agregar') as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'Leche (Elige 1, Obligatorio)',
      'Endulzante (Elige hasta 2, Opcional)',
      'Temperatura (Elige 1, Obligatorio)',
    ])
    add(11)
    add(10)
    add(12)
    expect(chosen()).toEqual(['1. Endulzante', '2. Leche', '3. Temperatura'])
    expect(screen.getByText('Ya pide todos los grupos.')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Subir Leche' }))
    expect(chosen()).toEqual(['1. Leche', '2. Endulzante', '3. Temperatura'])
    fireEvent.click(screen.getByRole('button', { name: 'Bajar Endulzante' }))
    expect(chosen()).toEqual(['1. Leche', '2. Temperatura', '3. Endulzante'])
    expect((screen.getByRole('button', { name: 'Subir Leche' }) as HTMLButtonElement).disabled).toBe(true)
    expect((screen.getByRole('button', { name: 'Bajar Endulzante' }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Quitar Temperatura' }))
    // What was taken off is offered again.
    expect([...(screen.getByLabelText('Grupo para agregar') as HTMLSelectElement).options].map((o) => o.value)).toEqual(['12'])
    await create()
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ name: 'Café con leche', optionGroupIds: [10, 11] })
  })

  test("editing keeps a product's groups in its order; with no groups the form points to Opciones", () => {
    renderForm({ ...existing, optionGroupIds: [12, 10] }, false, groups)
    expect(screen.getAllByTestId('product-group').map((li) => li.textContent)).toEqual(['1. Temperatura · Elige 1 · Obligatorio', '2. Leche · Elige 1 · Obligatorio'])
    cleanup()
    renderForm(null, false, [])
    expect(screen.getByRole('link', { name: 'Opciones' }).getAttribute('href')).toBe('/admin/opciones')
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
      optionGroupIds: [],
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
    optionGroupIds: [],
  }
  test('a sold-out product shows the Agotado badge; an available one does not', () => {
    render(<ProductCard product={{ ...product, available: false }} deleting={false} onEdit={() => {}} onDelete={() => {}} onAvailable={() => {}} />)
    expect(screen.getAllByText('Agotado').length).toBe(2) // the badge and the switch's state
    cleanup()
    render(<ProductCard product={product} deleting={false} onEdit={() => {}} onDelete={() => {}} onAvailable={() => {}} />)
    expect(screen.queryByText('Agotado')).toBeNull()
    cleanup()
  })

  test("portions per day and its own hours, as the store says them (issue #40): 'Quedan 2 de 3 hoy', 'Agotado por hoy'", () => {
    const limited = { ...product, dailyLimit: 3, windows: [{ days: [1, 2, 3, 4, 5], from: '07:00', to: '11:00' }] }
    const card = (left: number | undefined) => render(<ProductCard product={limited} left={left} deleting={false} onAvailable={() => {}} />)
    card(undefined)
    expect(screen.getByTestId('product-portions').textContent).toBe('3 por día') // until today's count comes
    expect(screen.getByTestId('product-hours').textContent).toBe('Disponible de 7:00 a 11:00 (lun, mar, mié, jue, vie)')
    cleanup()
    card(2)
    expect(screen.getByTestId('product-portions').textContent).toBe('Quedan 2 de 3 hoy')
    expect(screen.getByTestId('product-status').textContent).toBe('Disponible')
    cleanup()
    card(1)
    expect(screen.getByTestId('product-portions').textContent).toBe('Queda 1 de 3 hoy')
    cleanup()
    card(0)
    expect(screen.getByTestId('product-portions').textContent).toBe('Agotado por hoy')
    expect(screen.getByTestId('product-status').textContent).toBe('Vuelve mañana') // its switch is on, but not 'Disponible'
    expect(screen.getByRole('switch').getAttribute('aria-checked')).toBe('true')
    cleanup()
    render(<ProductCard product={product} deleting={false} onAvailable={() => {}} />)
    expect(screen.queryByTestId('product-portions')).toBeNull()
    expect(screen.queryByTestId('product-hours')).toBeNull()
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

  test('names the option groups it asks for, in order', () => {
    render(<ProductCard product={product} deleting={false} onAvailable={() => {}} optionGroupNames={['Leche', 'Endulzante']} />)
    expect(screen.getByText(/^Opciones:/).parentElement?.textContent).toBe('Opciones: Leche, Endulzante')
    cleanup()
  })
})
