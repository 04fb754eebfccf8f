/**
 * A table's storefront, `/?mesa=<token>` (issue #45): rendered with the table's name in the
 * header and its table in the page data, kept in the page cache under the token, a bounded
 * number of them; a token no table holds gets the plain store page and is never kept.
 * Runs on both engines (bun test / bun scripts/test-pg.ts).
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { DiningTable } from '../../shared/schemas/dining-table'
import { PAGE_DATA_ID } from '../../shared/landing-data'
import { createTestApp } from '../testing.server'
import { MAX_KEPT_TABLES } from './landing.route'

type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
let admin: string
beforeAll(async () => {
  t = await createTestApp()
  admin = await t.signIn()
})
afterAll(() => t.cleanup())

const newTable = async (name: string) => {
  const res = await t.request('/api/tables', { method: 'POST', headers: { cookie: admin }, json: { name } })
  expect(res.status).toBe(201)
  return (await res.json()) as DiningTable
}
const pageData = (html: string): { table?: unknown } => {
  const start = html.indexOf(`id="${PAGE_DATA_ID}">`) + `id="${PAGE_DATA_ID}">`.length
  return JSON.parse(html.slice(start, html.indexOf('</script>', start))) as { table?: unknown }
}
const tableName = (html: string) => /data-testid="table-name"[^>]*>([^<]*)</.exec(html)?.[1] ?? null

describe("a table's storefront", () => {
  test("says 'Mesa 5' in the header and carries the table in the page data; the plain page has none", async () => {
    const mesa = await newTable('Mesa 5')
    const res = await t.request(`/?mesa=${mesa.token}`)
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(tableName(html)).toBe('Mesa 5')
    expect(pageData(html).table).toEqual({ token: mesa.token, name: 'Mesa 5' })
    const plain = await (await t.request('/')).text()
    expect(tableName(plain)).toBeNull()
    expect(pageData(plain).table).toBeUndefined()
  })

  test('kept in the page cache under its token (the same ETag, a 304) and made again after a rename', async () => {
    const mesa = await newTable('Mesa 8')
    const first = await t.request(`/?mesa=${mesa.token}`)
    const etag = first.headers.get('etag') ?? ''
    expect(etag).not.toBe('')
    expect(t.ctx.pageCache.get(`http://localhost/?mesa=${mesa.token}`)).toBeDefined()
    expect((await t.request(`/?mesa=${mesa.token}`, { headers: { 'if-none-match': etag } })).status).toBe(304)
    expect((await t.request(`/api/tables/${mesa.id}`, { method: 'PUT', headers: { cookie: admin }, json: { name: 'Terraza 1' } })).status).toBe(200)
    expect(tableName(await (await t.request(`/?mesa=${mesa.token}`)).text())).toBe('Terraza 1')
  })

  test('an unknown, renewed or inactive token gets the plain store page and is never kept', async () => {
    const mesa = await newTable('Mesa 9')
    const old = mesa.token
    expect((await t.request(`/api/tables/${mesa.id}/token`, { method: 'POST', headers: { cookie: admin } })).status).toBe(200)
    const plainEtag = (await t.request('/')).headers.get('etag')
    for (const token of [old, 'A'.repeat(24), 'not a token']) {
      const res = await t.request(`/?mesa=${encodeURIComponent(token)}`)
      expect(res.status).toBe(200)
      expect(res.headers.get('etag')).toBe(plainEtag)
      expect(tableName(await res.text())).toBeNull()
      expect(t.ctx.pageCache.get(`http://localhost/?mesa=${encodeURIComponent(token)}`)).toBeUndefined()
    }
    const inactive = await newTable('Mesa 10')
    expect((await t.request(`/api/tables/${inactive.id}`, { method: 'PUT', headers: { cookie: admin }, json: { name: 'Mesa 10', active: false } })).status).toBe(200)
    expect(tableName(await (await t.request(`/?mesa=${inactive.token}`)).text())).toBeNull()
  })

  test(`at most ${MAX_KEPT_TABLES} tables' pages are kept per render; past that a table's page is still served, not kept`, async () => {
    const tables: DiningTable[] = []
    for (let i = 0; i < MAX_KEPT_TABLES + 1; i++) tables.push(await newTable(`M${i}`))
    for (const mesa of tables) expect(tableName(await (await t.request(`/?mesa=${mesa.token}`)).text())).toBe(mesa.name)
    const kept = tables.filter((mesa) => t.ctx.pageCache.get(`http://localhost/?mesa=${mesa.token}`) !== undefined)
    expect(kept.length).toBe(MAX_KEPT_TABLES)
  }, 60_000)
})
