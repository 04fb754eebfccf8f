import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createTestApp } from '../testing.server'

/**
 * A dish served only at some hours, as the server renders it (issue #39 item 12): a 'hide'
 * category's dish outside its hours is not in the HTML a visitor (or a crawler, or a phone
 * before hydration) gets; the kept page is made again when the window opens.
 */
// Monday 2026-11-23 (and the Tuesday after) in Guatemala (UTC-6).
const at = (hhmm: string, day = '2026-11-23') => Date.parse(`${day}T${hhmm}:00-06:00`)
let clock = at('12:00')
type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
let cookie: string

const every = [0, 1, 2, 3, 4, 5, 6]
/** The page as a person reads it: without the embedded data and JSON-LD scripts. */
const visibleHtml = async () => (await (await t.request('/')).text()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')

beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
  cookie = await t.signIn()
  const make = (path: string, json: unknown) => t.request(path, { method: 'POST', headers: { cookie }, json })
  expect((await make('/api/categories', { slug: 'desayunos', name: 'Desayunos', windows: [{ days: every, from: '07:00', to: '11:00' }], whenUnavailable: 'hide' })).status).toBe(201)
  expect((await make('/api/categories', { slug: 'cenas', name: 'Cenas', windows: [{ days: every, from: '18:00', to: '21:00' }], whenUnavailable: 'show' })).status).toBe(201)
  expect((await make('/api/products', { name: 'Desayuno chapín', description: 'Huevos, frijoles, plátano', price: 40, category: 'desayunos' })).status).toBe(201)
  expect((await make('/api/products', { name: 'Pupusas de la cena', description: 'Revueltas', price: 30, category: 'cenas' })).status).toBe(201)
})
afterAll(() => t.cleanup())

describe('dishes outside their hours in the server-rendered page', () => {
  test("a 'hide' category's dish is left out of the HTML outside its hours and is there inside them", async () => {
    clock = at('12:00')
    const noon = await visibleHtml()
    expect(noon).toContain('>Desayunos<') // the tab stays
    expect(noon).not.toContain('Desayuno chapín')
    // A 'show' category keeps its dish, marked with its hours and not addable, before any script runs.
    expect(noon).toContain('Pupusas de la cena')
    expect(noon).toContain('Disponible de 18:00 a 21:00')

    // The next morning, inside 07:00-11:00: the kept page was made again by itself.
    clock = at('08:00', '2026-11-24')
    expect(await visibleHtml()).toContain('Desayuno chapín')
  })

  test('the embedded data says the minute the HTML judged the hours at, so hydration agrees with it', async () => {
    clock = at('12:00')
    const html = await (await t.request('/')).text()
    const data = JSON.parse(/<script type="application\/json" id="landing-data">([^<]*)<\/script>/.exec(html)?.[1] ?? '{}') as { orderAt?: number; products: { name: string }[] }
    expect(typeof data.orderAt).toBe('number')
    // The dish stays in the data: the page shows it by itself when its window opens.
    expect(data.products.map((p) => p.name)).toContain('Desayuno chapín')
  })
})
