/**
 * What an integrator (a point-of-sale) writes against the generated client: each call
 * below must type-check with TypeScript 5 and the types openapi-typescript makes from
 * /api/openapi.json (api.gen.ts, written by the test). A field with a default stays
 * optional, and an error is read as {message, issues?}.
 */
import createClient from 'openapi-fetch'
import type { paths } from './api.gen'

const api = createClient<paths>({ baseUrl: 'https://chilaquiles.example', headers: { 'X-API-Key': 'chq_…' } })

export async function recordSale() {
  // The minimal order: no status, no customerPhone, no notes (they have defaults).
  const { data, error, response } = await api.POST('/api/orders', {
    body: { customerName: 'Mesa 4', items: [{ name: 'Café de olla', quantity: 2, price: 25 }], total: 50 },
  })
  if (error) {
    const text: string = error.message
    const fields: string[] = (error.issues ?? []).map((issue) => `${issue.path}: ${issue.message}`)
    return { status: response.status, text, fields }
  }
  const number: number = data.number
  // Move it along, then read the menu with the same key (a public read).
  await api.PATCH('/api/orders/{id}/status', { params: { path: { id: data.id } }, body: { status: 'confirmed' } })
  const menu = await api.GET('/api/products')
  const open = await api.GET('/api/store-status')
  return { number, products: menu.data?.length ?? 0, open: open.data?.open ?? false }
}

export async function storefrontOrder() {
  // The minimal storefront order: pickup, one line.
  const { data } = await api.POST('/api/checkout', { body: { items: [{ productId: 1, size: 'mediano', quantity: 1 }], fulfilment: 'pickup' } })
  return data?.total
}

export async function pageOfOrders(before?: number) {
  const { data } = await api.GET('/api/orders', { params: { query: { limit: 20, before } } })
  return data ?? []
}

export async function saleWithOptions() {
  // Option groups (issue #32): read them publicly, then a line naming its product and its choices;
  // the server adds the options' prices to the unit price.
  const { data: groups } = await api.GET('/api/option-groups')
  const leche = groups?.find((g) => g.name === 'Leche')
  const entera = leche?.options.find((o) => o.available)
  if (!leche || !entera) return null
  const { data } = await api.POST('/api/orders', {
    body: { customerName: 'Mesa 1', items: [{ productId: 4, name: 'Horchata', size: 'grande', quantity: 1, price: 25, options: [{ groupId: leche.id, optionId: entera.id }] }] },
  })
  return data?.items[0]?.options?.map((o) => `${o.group}: ${o.name}`) ?? []
}
