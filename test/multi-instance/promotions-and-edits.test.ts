/**
 * Promotions and order edits across two instances on one PostgreSQL (issues #33, #34): the last
 * use of a code is given once whichever instance each customer reaches, and an edit made on one
 * instance reaches a tracking page streaming from the other. Real processes, a real cluster.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { SQL } from 'bun'
import { type Cluster, startCluster } from '../../scripts/pg-cluster'
import type { Order, Product } from '../../src/shared/schemas'
import { type Instance, apiOf, cookieFrom, startInstance, waitForEvent } from './instances'

let cluster: Cluster
let a: Instance
let b: Instance
let cookie: string
let horchata: Product
let plate: Product

beforeAll(async () => {
  cluster = await startCluster()
  const admin = new SQL(cluster.url, { max: 1 })
  await admin.unsafe('CREATE DATABASE chq_promotions')
  await admin.close()
  const databaseUrl = cluster.url.replace(/\/postgres$/, '/chq_promotions')
  ;[a, b] = await Promise.all([startInstance(databaseUrl, { TRUST_PROXY: '1' }), startInstance(databaseUrl, { TRUST_PROXY: '1' })])
  expect((await apiOf(a.url)('/api/auth/create-initial-admin', { method: 'POST' })).status).toBe(201)
  cookie = cookieFrom(await apiOf(a.url)('/api/auth/login', { method: 'POST', json: { username: 'admin', password: 'admin123' } }))
  expect((await apiOf(b.url, cookie)('/api/admin/initialize-database', { method: 'POST' })).status).toBe(201)
  const menu = (await (await apiOf(a.url)('/api/products')).json()) as Product[]
  horchata = menu.find((p) => p.name === 'Horchata')!
  plate = menu.find((p) => p.name === 'Chilaquiles Clásicos')!
  const created = await apiOf(b.url, cookie)('/api/promotions', { method: 'POST', json: { name: 'Los dos primeros', code: 'DOS', kind: 'amount', value: 5, maxUses: 2 } })
  expect(created.status).toBe(201)
}, 120_000)

afterAll(async () => {
  await Promise.allSettled([a?.stop(), b?.stop()])
  await cluster?.stop()
})

let peer = 0
const buy = (instance: Instance, json: Record<string, unknown>) =>
  apiOf(instance.url)('/api/checkout', { method: 'POST', headers: { 'x-forwarded-for': `10.31.0.${++peer}` }, json: { fulfilment: 'pickup', ...json } })

describe('promotions and edits, two instances, one PostgreSQL', () => {
  test('16 customers racing on both instances for the last 2 uses of a code: exactly two get it', async () => {
    const racers = await Promise.all(Array.from({ length: 16 }, (_, i) => buy(i % 2 ? a : b, { items: [{ productId: horchata.id, size: 'mediano', quantity: 1 }], promoCode: 'dos' })))
    const statuses = racers.map((r) => r.status)
    expect(statuses.filter((s) => s === 201)).toHaveLength(2)
    expect(statuses.filter((s) => s === 409)).toHaveLength(14)
    const messages = new Set(await Promise.all(racers.filter((r) => r.status === 409).map(async (r) => ((await r.json()) as { message: string }).message)))
    expect([...messages]).toEqual(['Ese código ya se agotó'])
    console.log(`promotion uses race across two instances: ${statuses.join(' ')}`)
  })

  test('an edit made on one reaches a tracking page streaming from the other, and its page shows it', async () => {
    const placed = await buy(a, { items: [{ productId: plate.id, size: 'mediano', quantity: 1 }] })
    expect(placed.status).toBe(201)
    const { id, trackingToken } = (await placed.json()) as Order
    const stream = await fetch(`${b.url}/api/track/${trackingToken}/events`)
    expect(stream.status).toBe(200)
    const heard = waitForEvent(stream, (text) => text.includes('"type":"changed"'), 2_000)
    const edit = await apiOf(a.url, cookie)(`/api/orders/${id}`, {
      method: 'PATCH',
      json: { items: [{ productId: plate.id, size: 'mediano', quantity: 1 }, { productId: horchata.id, size: 'mediano', quantity: 1 }] },
    })
    expect(edit.status).toBe(200)
    expect(await heard).not.toBeNull()
    const page = await (await fetch(`${b.url}/pedido/${trackingToken}`)).text()
    expect(page).toContain('Horchata')
  })
})
