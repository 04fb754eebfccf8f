import { afterEach, describe, expect, test } from 'bun:test'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { Category } from '@/shared/schemas/category'
import type { PromotionWithUses } from '@/shared/schemas/promotion'
import { json, mockFetch, renderAdmin } from '../../test/render'
import PromocionesPage from './promociones-page'

let restore = () => {}
afterEach(() => {
  cleanup()
  restore()
})

const categories: Category[] = [
  { slug: 'chilaquiles', name: 'Chilaquiles', description: '', displayOrder: 0, visible: true, windows: [], whenUnavailable: 'show' },
  { slug: 'bebidas', name: 'Bebidas', description: '', displayOrder: 1, visible: true, windows: [], whenUnavailable: 'show' },
]
const products = [
  { id: 1, name: 'Chilaquiles Clásicos', category: 'chilaquiles' },
  { id: 2, name: 'Horchata', category: 'bebidas' },
]

const promotion = (over: Partial<PromotionWithUses> & Pick<PromotionWithUses, 'id' | 'name'>): PromotionWithUses => ({
  code: null,
  kind: 'percent',
  value: 10,
  buy: null,
  free: null,
  appliesTo: { categories: [], productIds: [] },
  minSubtotal: null,
  fulfilment: 'any',
  startsOn: null,
  endsOn: null,
  windows: [],
  maxUses: null,
  maxUsesPerPhone: null,
  active: true,
  uses: 0,
  ...over,
})

const martes = promotion({
  id: 3,
  name: 'Martes de bebidas',
  code: 'MARTES',
  kind: 'buyXgetY',
  value: null,
  buy: 2,
  free: 1,
  appliesTo: { categories: ['bebidas'], productIds: [] },
  windows: [{ days: [2], from: '15:00', to: '18:00' }],
  maxUses: 50,
  uses: 3,
})
const envio = promotion({ id: 2, name: 'Envío gratis', kind: 'freeDelivery', value: null, minSubtotal: 150, active: false, uses: 1 })
const navidad = promotion({ id: 1, name: 'Navidad 2020', code: 'NAVIDAD', endsOn: '2020-12-25', uses: 12 })

/** A fake promotions API over `list`; POST answers `postStatus` (a 409 for a taken code). */
function serve(list: PromotionWithUses[], postStatus = 201) {
  const api = mockFetch(async (req) => {
    const { pathname } = new URL(req.url)
    if (pathname === '/api/categories') return json(categories)
    if (pathname === '/api/products') return json(products)
    if (pathname === '/api/promotions' && req.method === 'GET') return json(list)
    if (pathname === '/api/promotions' && req.method === 'POST') {
      if (postStatus !== 201) return json({ message: 'Ya existe una promoción con el código MARTES' }, postStatus)
      const body = (await req.json()) as PromotionWithUses
      const created = { ...body, id: 10, uses: 0 }
      list.push(created)
      return json(created, 201)
    }
    const id = Number(pathname.split('/').at(-1))
    const i = list.findIndex((p) => p.id === id)
    if (req.method === 'PUT' && i >= 0) {
      const body = (await req.json()) as PromotionWithUses
      list[i] = { ...body, id, uses: list[i]?.uses ?? 0 }
      return json(list[i])
    }
    return json({ message: 'Promoción no encontrada' }, 404)
  })
  restore = api.restore
  return api
}

const cards = () => screen.getAllByTestId('promotion-card')
const card = (code: string) => cards().find((c) => c.dataset.code === code) as HTMLElement
const dialog = () => screen.getByRole('dialog')
const click = (element: HTMLElement) =>
  act(async () => {
    fireEvent.click(element)
  })
const change = (label: string | RegExp, value: string) => fireEvent.change(within(dialog()).getByLabelText(label), { target: { value } })
const sent = (calls: { method: string; body: string }[], method: string) => JSON.parse(calls.filter((c) => c.method === method).at(-1)?.body ?? 'null') as Record<string, unknown>

describe('Promociones', () => {
  test('each promotion with its words, its uses and its state; a code with its QR, link and poster', async () => {
    serve([navidad, envio, martes])
    renderAdmin(<PromocionesPage />)
    await waitFor(() => expect(cards()).toHaveLength(3))
    // Newest first.
    expect(cards().map((c) => within(c).getByRole('heading').textContent)).toEqual(['Martes de bebidas', 'Envío gratis', 'Navidad 2020'])
    const m = card('MARTES')
    await waitFor(() => expect(within(m).getByTestId('promotion-description').textContent).toBe('2x1 en bebidas los martes de 15:00 a 18:00'))
    expect(within(m).getByTestId('promotion-uses').textContent).toBe('3 de 50 usos')
    expect(within(m).getByTestId('promotion-state').textContent).toBe('Activa')
    expect(within(m).getByRole('img', { name: 'Código QR del enlace de MARTES' }).getAttribute('data-qr-value')).toBe('http://localhost:3000/?codigo=MARTES')
    expect(within(m).getByRole('link', { name: 'Cartel con el QR de MARTES' }).getAttribute('href')).toBe('/admin/cartel?codigo=MARTES')
    expect(within(m).getByRole('button', { name: 'Pausar Martes de bebidas' })).toBeTruthy()

    const auto = card('')
    expect(within(auto).getByTestId('promotion-description').textContent).toBe('Envío gratis desde Q150')
    expect(within(auto).getByTestId('promotion-state').textContent).toBe('En pausa')
    expect(within(auto).getByText('Automática')).toBeTruthy()
    expect(within(auto).getByTestId('promotion-uses').textContent).toBe('1 uso')
    expect(within(auto).queryByRole('button', { name: /Copiar enlace/ })).toBeNull()
    expect(within(auto).getByRole('button', { name: 'Activar Envío gratis' })).toBeTruthy()

    const n = card('NAVIDAD')
    expect(within(n).getByTestId('promotion-state').textContent).toBe('Vencida')
    expect(within(n).getByTestId('promotion-uses').textContent).toBe('12 usos · Hasta el 25 de diciembre de 2020')
  })

  test("'Copiar enlace' puts the code's link on the clipboard and says so", async () => {
    serve([martes])
    const copied: string[] = []
    const clipboard = Object.getOwnPropertyDescriptor(navigator, 'clipboard')
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text: string) => void copied.push(text) } })
    try {
      renderAdmin(<PromocionesPage />)
      await waitFor(() => expect(cards()).toHaveLength(1))
      await click(within(card('MARTES')).getByRole('button', { name: 'Copiar enlace de MARTES' }))
      expect(copied).toEqual(['http://localhost:3000/?codigo=MARTES'])
      expect(await screen.findByText('Enlace copiado')).toBeTruthy()
    } finally {
      if (clipboard) Object.defineProperty(navigator, 'clipboard', clipboard)
      else Reflect.deleteProperty(navigator, 'clipboard')
    }
  })

  test("'Pausar' saves the promotion as it is with active false; the card then reads 'En pausa'", async () => {
    const api = serve([martes])
    renderAdmin(<PromocionesPage />)
    await waitFor(() => expect(cards()).toHaveLength(1))
    await click(within(card('MARTES')).getByRole('button', { name: 'Pausar Martes de bebidas' }))
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true))
    expect(api.calls.find((c) => c.method === 'PUT')?.path).toBe('/api/promotions/3')
    const { uses: _uses, id: _id, ...rest } = martes
    expect(sent(api.calls, 'PUT')).toEqual({ ...rest, active: false })
    await waitFor(() => expect(within(card('MARTES')).getByTestId('promotion-state').textContent).toBe('En pausa'))
    expect(within(card('MARTES')).getByRole('button', { name: 'Activar Martes de bebidas' })).toBeTruthy()
  })

  test('create: the schema’s Spanish messages under the fields, then MARTES 2x1 on bebidas on Tuesdays as DESIGN says', async () => {
    const api = serve([])
    renderAdmin(<PromocionesPage />)
    await screen.findByText(/No hay promociones/)
    await click(screen.getByRole('button', { name: 'Agregar Promoción' }))
    await click(within(dialog()).getByRole('button', { name: 'Crear' }))
    await within(dialog()).findByText('Este campo es obligatorio')
    expect(within(dialog()).getByText('El porcentaje va de 1 a 100')).toBeTruthy()
    change('Código', 'ma')
    await within(dialog()).findByText('El código debe tener de 3 a 20 letras o números')
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false)

    change('Nombre', 'Martes de bebidas')
    change('Código', 'martes')
    await click(within(dialog()).getByRole('radio', { name: '2x1, 3x2…' }))
    await click(within(within(dialog()).getByRole('group', { name: 'Categorías' })).getByLabelText('Bebidas'))
    await click(within(dialog()).getByRole('button', { name: 'Agregar horario' }))
    // The new range is every day 7:00-11:00: keep Tuesday only, 15:00 to 18:00.
    for (const day of ['dom', 'lun', 'mié', 'jue', 'vie', 'sáb']) await click(within(within(dialog()).getByRole('group', { name: 'Días del horario 1' })).getByLabelText(day))
    change('Desde', '15:00')
    change('Hasta', '18:00')
    change('Usos en total', '50')
    await waitFor(() => expect(within(dialog()).getByTestId('promotion-preview').textContent).toContain('2x1 en bebidas los martes de 15:00 a 18:00'))
    expect(within(dialog()).getByTestId('promotion-preview').textContent).toContain('Código MARTES aplicado: 2x1 en bebidas')
    await click(within(dialog()).getByRole('button', { name: 'Crear' }))
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true))
    expect(sent(api.calls, 'POST')).toEqual({
      name: 'Martes de bebidas',
      code: 'MARTES',
      kind: 'buyXgetY',
      value: null,
      buy: 2,
      free: 1,
      appliesTo: { categories: ['bebidas'], productIds: [] },
      minSubtotal: null,
      fulfilment: 'any',
      startsOn: null,
      endsOn: null,
      windows: [{ days: [2], from: '15:00', to: '18:00' }],
      maxUses: 50,
      maxUsesPerPhone: null,
      active: true,
    })
    await waitFor(() => expect(cards()).toHaveLength(1))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(within(card('MARTES')).getByTestId('promotion-uses').textContent).toBe('0 de 50 usos')
  })

  test("issue #39: clearing a code's field is refused, never an automatic promotion; 'Automática' is chosen and sends null", async () => {
    const api = serve([martes])
    renderAdmin(<PromocionesPage />)
    await waitFor(() => expect(cards()).toHaveLength(1))
    await click(within(card('MARTES')).getByRole('button', { name: 'Editar Martes de bebidas' }))
    expect(within(dialog()).getByRole('radio', { name: 'Con código' }).getAttribute('aria-checked')).toBe('true')
    change('Código', '')
    await click(within(dialog()).getByRole('button', { name: 'Actualizar' }))
    await within(dialog()).findByText('El código debe tener de 3 a 20 letras o números')
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false)

    // The owner says so: the field goes, and the promotion is sent without a code.
    await click(within(dialog()).getByRole('radio', { name: 'Automática' }))
    expect(within(dialog()).queryByLabelText('Código')).toBeNull()
    await click(within(dialog()).getByRole('button', { name: 'Actualizar' }))
    await waitFor(() => expect(api.calls.some((c) => c.method === 'PUT')).toBe(true))
    expect(sent(api.calls, 'PUT').code).toBeNull()
    expect(Object.keys(sent(api.calls, 'PUT'))).not.toContain('codeMode')
  })

  test('a new promotion starts with a code; an automatic one opens with no code field', async () => {
    serve([envio])
    renderAdmin(<PromocionesPage />)
    await waitFor(() => expect(cards()).toHaveLength(1))
    await click(screen.getByRole('button', { name: 'Agregar Promoción' }))
    expect(within(dialog()).getByRole('radio', { name: 'Con código' }).getAttribute('aria-checked')).toBe('true')
    expect(within(dialog()).getByLabelText('Código')).toBeTruthy()
    await click(within(dialog()).getByRole('button', { name: 'Cancelar' }))
    await click(within(cards()[0] as HTMLElement).getByRole('button', { name: 'Editar Envío gratis' }))
    expect(within(dialog()).getByRole('radio', { name: 'Automática' }).getAttribute('aria-checked')).toBe('true')
    expect(within(dialog()).queryByLabelText('Código')).toBeNull()
  })

  test("a taken code: the server's 409 said in a toast, the dialog stays open with what was typed", async () => {
    serve([], 409)
    renderAdmin(<PromocionesPage />)
    await screen.findByText(/No hay promociones/)
    await click(screen.getByRole('button', { name: 'Agregar Promoción' }))
    change('Nombre', 'Otro martes')
    change('Código', 'martes')
    change('Porcentaje (%)', '10')
    await click(within(dialog()).getByRole('button', { name: 'Crear' }))
    expect(await screen.findByText('Ya existe una promoción con el código MARTES')).toBeTruthy()
    expect((within(dialog()).getByLabelText('Nombre') as HTMLInputElement).value).toBe('Otro martes')
  })
})
