import { afterEach, describe, expect, test } from 'bun:test'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { Category } from '@/shared/schemas/category'
import { json, mockFetch, renderAdmin } from '../../test/render'
import CategoriasPage from './categorias-page'
import { slugOf } from './category-dialog'

const category = (slug: string, name: string, description: string, displayOrder: number, visible = true): Category => ({
  slug,
  name,
  description,
  displayOrder,
  visible,
  windows: [],
  whenUnavailable: 'show',
})
const seeded = () => [
  category('chilaquiles', 'Chilaquiles', 'Platillo principal', 0),
  category('bebidas', 'Bebidas', 'Refrescos y aguas', 1),
  category('postres', 'Postres', 'Dulces tradicionales', 2),
  category('extras', 'Extras', 'Complementos', 3, false),
]
const products = [
  ...Array.from({ length: 3 }, (_, i) => ({ id: i + 1, category: 'chilaquiles' })),
  ...Array.from({ length: 4 }, (_, i) => ({ id: i + 4, category: 'bebidas' })),
  ...Array.from({ length: 3 }, (_, i) => ({ id: i + 8, category: 'postres' })),
]

let restore = () => {}
afterEach(() => {
  cleanup()
  restore()
})

/** A fake categories API over `list`; records the writes. */
function serve(list: Category[]) {
  const api = mockFetch(async (req) => {
    const { pathname } = new URL(req.url)
    if (pathname === '/api/categories' && req.method === 'GET') return json([...list].sort((a, b) => a.displayOrder - b.displayOrder))
    if (pathname === '/api/products') return json(products)
    if (pathname === '/api/categories' && req.method === 'POST') {
      const body = (await req.json()) as Category
      list.push(body)
      return json(body, 201)
    }
    const slug = pathname.split('/').at(-1) ?? ''
    if (req.method === 'PUT') {
      const body = (await req.json()) as Omit<Category, 'slug'>
      const i = list.findIndex((c) => c.slug === slug)
      list[i] = { ...body, slug }
      return json(list[i])
    }
    return json({ message: 'no' }, 404)
  })
  restore = api.restore
  return api
}

const cards = () => screen.getAllByTestId('category-card')

describe('Categorías', () => {
  test('the SPEC’s texts and counts are true of the seeded categories; extras shows as hidden', async () => {
    serve(seeded())
    renderAdmin(<CategoriasPage />)
    await waitFor(() => expect(cards()).toHaveLength(4))
    await waitFor(() => expect(within(cards()[1] as HTMLElement).getByText('4 productos')).toBeTruthy())
    const texts = cards().map((c) => [within(c).getByRole('heading').textContent, c.textContent?.includes('productos') ? within(c).getByText(/productos$/).textContent : ''])
    expect(texts).toEqual([
      ['Chilaquiles', '3 productos'],
      ['Bebidas', '4 productos'],
      ['Postres', '3 productos'],
      ['Extras', '0 productos'],
    ])
    expect(screen.getByText('Platillo principal')).toBeTruthy()
    expect(screen.getByText('Refrescos y aguas')).toBeTruthy()
    expect(screen.getByText('Dulces tradicionales')).toBeTruthy()
    expect(within(cards()[3] as HTMLElement).getByText('Oculta en el menú')).toBeTruthy()
  })

  test('the owner creates Desayunos 7:00-11:00: slug from the name, the window sent as DESIGN says', async () => {
    const list = seeded()
    const api = serve(list)
    renderAdmin(<CategoriasPage />)
    await waitFor(() => expect(cards()).toHaveLength(4))
    fireEvent.click(screen.getByRole('button', { name: 'Agregar Categoría' }))
    fireEvent.change(await screen.findByLabelText('Nombre'), { target: { value: 'Desayunos' } })
    expect((screen.getByLabelText('Identificador') as HTMLInputElement).value).toBe('desayunos')
    fireEvent.click(screen.getByRole('button', { name: 'Agregar horario' }))
    fireEvent.click(screen.getByRole('button', { name: 'Crear' }))
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true))
    const sent = JSON.parse(api.calls.find((c) => c.method === 'POST')?.body ?? '{}') as Category
    expect(sent).toMatchObject({ slug: 'desayunos', name: 'Desayunos', displayOrder: 4, visible: true, windows: [{ days: [0, 1, 2, 3, 4, 5, 6], from: '07:00', to: '11:00' }], whenUnavailable: 'show' })
    await waitFor(() => expect(cards()).toHaveLength(5))
    expect(within(cards()[4] as HTMLElement).getByTestId('category-hours').textContent).toBe('Disponible de 7:00 a 11:00')
  })

  test('reorder: moving Postres up renumbers and saves only what changed; hide sends visible false', async () => {
    const list = seeded()
    const api = serve(list)
    renderAdmin(<CategoriasPage />)
    await waitFor(() => expect(cards()).toHaveLength(4))
    fireEvent.click(screen.getByRole('button', { name: 'Subir Postres' }))
    await waitFor(() => expect(cards().map((c) => c.dataset.slug)).toEqual(['chilaquiles', 'postres', 'bebidas', 'extras']))
    expect(api.calls.filter((c) => c.method === 'PUT').map((c) => [c.path, (JSON.parse(c.body) as Category).displayOrder])).toEqual([
      ['/api/categories/postres', 1],
      ['/api/categories/bebidas', 2],
    ])
    fireEvent.click(screen.getByRole('switch', { name: 'Mostrar Bebidas en el menú' }))
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(3))
    expect(JSON.parse(api.calls.filter((c) => c.method === 'PUT').at(-1)?.body ?? '{}')).toMatchObject({ visible: false, name: 'Bebidas' })
    // A category with products cannot be deleted from here (the server says 409 too).
    expect((screen.getByRole('button', { name: 'Eliminar Chilaquiles' }) as HTMLButtonElement).disabled).toBe(true)
  })

  test('slugs from names', () => {
    expect(slugOf('Desayunos típicos')).toBe('desayunos-tipicos')
    expect(slugOf('  Café & Pan ')).toBe('cafe-pan')
  })
})
