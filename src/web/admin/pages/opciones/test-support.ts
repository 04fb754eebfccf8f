/** A fake option-groups API for the admin's tests (not shipped: only tests import it). */
import type { Option, OptionGroup } from '@/shared/options'
import type { OptionGroupData } from '@/shared/schemas/option-group'
import { json, mockFetch } from '../../test/render'

export const option = (id: number, name: string, over: Partial<Option> = {}): Option => ({ id, name, price: 0, priceGrande: null, available: true, isDefault: false, ...over })

/** Leche (Elige 1, obligatoria, Almendra +Q5 / Grande +Q7 and sold out) and Endulzante (hasta 2, optional). */
export const sampleGroups = (): OptionGroup[] => [
  {
    id: 10,
    name: 'Leche',
    min: 1,
    max: 1,
    options: [option(1, 'Entera', { isDefault: true }), option(2, 'Deslactosada'), option(3, 'Almendra', { price: 5, priceGrande: 7, available: false })],
  },
  { id: 11, name: 'Endulzante', min: 0, max: 2, options: [option(4, 'Azúcar'), option(5, 'Miel', { price: 3 })] },
]

type Product = { id: number; name: string; category: string; optionGroupIds: number[] }

/**
 * GET/POST /api/option-groups, PUT/DELETE /api/option-groups/{id} (409 while a product names
 * it, with the server's message), PATCH …/{id}/availability, GET /api/products,
 * GET /api/auth/user (`role`). New ids count from 100. `other` answers anything else.
 */
export function serveOptionGroups(groups: OptionGroup[], products: Product[], { role = 'admin', other }: { role?: 'admin' | 'staff'; other?: (req: Request) => Response | undefined } = {}) {
  let nextId = 100
  const withIds = (data: OptionGroupData, id: number): OptionGroup => ({ id, name: data.name, min: data.min, max: data.max, options: data.options.map((o) => ({ ...o, id: o.id ?? nextId++ })) })
  return mockFetch(async (req) => {
    const { pathname } = new URL(req.url)
    if (pathname === '/api/auth/user') return json({ id: 1, username: role === 'admin' ? 'dueña' : 'cocina', role, usesDefaultPassword: false })
    if (pathname === '/api/products' && req.method === 'GET') return json(products.map((p) => ({ available: true, description: '', price: 20, priceGrande: null, displayOrder: 0, image: null, ...p })))
    if (pathname === '/api/option-groups' && req.method === 'GET') return json(groups)
    if (pathname === '/api/option-groups' && req.method === 'POST') {
      const group = withIds((await req.json()) as OptionGroupData, nextId++)
      groups.push(group)
      return json(group, 201)
    }
    const availability = /^\/api\/option-groups\/(\d+)\/availability$/.exec(pathname)
    if (availability && req.method === 'PATCH') {
      const { optionId, available } = (await req.json()) as { optionId: number; available: boolean }
      const group = groups.find((g) => g.id === Number(availability[1]))
      const target = group?.options.find((o) => o.id === optionId)
      if (!group || !target) return json({ message: 'Opción no encontrada' }, 404)
      target.available = available
      return json(group)
    }
    const one = /^\/api\/option-groups\/(\d+)$/.exec(pathname)
    if (one) {
      const id = Number(one[1])
      const i = groups.findIndex((g) => g.id === id)
      if (i < 0) return json({ message: 'Grupo de opciones no encontrado' }, 404)
      if (req.method === 'PUT') {
        groups[i] = withIds((await req.json()) as OptionGroupData, id)
        return json(groups[i])
      }
      if (req.method === 'DELETE') {
        const users = products.filter((p) => p.optionGroupIds.includes(id))
        if (users.length > 0) return json({ message: `No se puede eliminar: lo usan ${users.map((p) => p.name).join(', ')}` }, 409)
        groups.splice(i, 1)
        return json({ message: 'Grupo de opciones eliminado', id })
      }
    }
    return other?.(req) ?? json([], 200)
  })
}
