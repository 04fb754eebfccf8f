/**
 * Portions per day across two instances on one PostgreSQL (issue #31): the last portions are
 * sold once whichever instance each customer reaches, and an open storefront streaming from
 * one instance hears an order placed on the other. Real processes, a real throwaway cluster.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { SQL } from 'bun'
import { type Cluster, startCluster } from '../../scripts/pg-cluster'
import type { Product } from '../../src/shared/schemas'
import { type Instance, apiOf, cookieFrom, startInstance, waitForEvent } from './instances'

let cluster: Cluster
let a: Instance
let b: Instance
let cookie: string
let product: Product

beforeAll(async () => {
  cluster = await startCluster()
  const admin = new SQL(cluster.url, { max: 1 })
  await admin.unsafe('CREATE DATABASE chq_portions')
  await admin.close()
  const databaseUrl = cluster.url.replace(/\/postgres$/, '/chq_portions')
  // Both believe X-Forwarded-For, so each racer is its own address (the checkout limit is per address).
  ;[a, b] = await Promise.all([startInstance(databaseUrl, { TRUST_PROXY: '1' }), startInstance(databaseUrl, { TRUST_PROXY: '1' })])
  expect((await apiOf(a.url)('/api/auth/create-initial-admin', { method: 'POST' })).status).toBe(201)
  const login = await apiOf(a.url)('/api/auth/login', { method: 'POST', json: { username: 'admin', password: 'admin123' } })
  cookie = cookieFrom(login)
  expect((await apiOf(b.url, cookie)('/api/admin/initialize-database', { method: 'POST' })).status).toBe(201)
  const menu = (await (await apiOf(a.url)('/api/products')).json()) as Product[]
  const supremos = menu.find((p) => p.name === 'Chilaquiles Supremos')!
  const { id, ...body } = supremos
  const put = await apiOf(b.url, cookie)(`/api/products/${id}`, { method: 'PUT', json: { ...body, dailyLimit: 3 } })
  expect(put.status).toBe(200)
  product = (await put.json()) as Product
}, 120_000)

afterAll(async () => {
  await Promise.allSettled([a?.stop(), b?.stop()])
  await cluster?.stop()
})

let peer = 0
const buy = (instance: Instance) =>
  apiOf(instance.url)('/api/checkout', {
    method: 'POST',
    headers: { 'x-forwarded-for': `10.30.0.${++peer}` },
    json: { items: [{ productId: product.id, size: 'mediano', quantity: 1 }], fulfilment: 'pickup' },
  })

describe('portions per day, two instances, one PostgreSQL', () => {
  test('an order on one instance reaches a storefront streaming from the other, which then reads one portion less', async () => {
    expect(await (await fetch(`${a.url}/api/menu/remaining`)).json()).toEqual({ [product.id]: 3 })
    const stream = await fetch(`${a.url}/api/menu/remaining/events`)
    expect(stream.status).toBe(200)
    const heard = waitForEvent(stream, (text) => text.includes('event: order\ndata: {}'), 2_000)
    expect((await buy(b)).status).toBe(201)
    expect(await heard).not.toBeNull()
    expect(await (await fetch(`${a.url}/api/menu/remaining`)).json()).toEqual({ [product.id]: 2 })
  })

  test('16 customers racing on both instances for the last 2 portions: exactly two win', async () => {
    const racers = await Promise.all(Array.from({ length: 16 }, (_, i) => buy(i % 2 ? a : b)))
    const statuses = racers.map((r) => r.status)
    expect(statuses.filter((s) => s === 201)).toHaveLength(2)
    expect(statuses.filter((s) => s === 409)).toHaveLength(14)
    const messages = new Set(await Promise.all(racers.filter((r) => r.status === 409).map(async (r) => ((await r.json()) as { message: string }).message)))
    expect([...messages]).toEqual(['Ya no quedan Chilaquiles Supremos hoy'])
    console.log(`portions race across two instances: ${statuses.join(' ')}`)
    for (const instance of [a, b]) expect(await (await fetch(`${instance.url}/api/menu/remaining`)).json()).toEqual({ [product.id]: 0 })
  })
})
