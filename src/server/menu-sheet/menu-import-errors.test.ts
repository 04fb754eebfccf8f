/**
 * A file full of mistakes is answered with a bounded list (issue #39, requirement 5). Every
 * error of every cell was listed: an `opciones` cell naming a missing group 1,000 times gave
 * 1,000 errors, and a 4 MB file of such rows a 422 of about 1.9 million errors (hundreds of MB
 * built in memory and sent). Now one error per cell, at most MAX_REPORTED_ERRORS in the answer,
 * the message saying how many there are in all. Both engines (`bun scripts/test-pg.ts`).
 */
import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { MenuImportRefused } from '../../shared/schemas/menu-sheet'
import { createTestApp } from '../testing.server'
import { MAX_REPORTED_ERRORS } from './menu-import.server'

type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
let cookie: string

beforeAll(async () => {
  t = await createTestApp()
  cookie = await t.signIn()
})
afterAll(() => t.cleanup())

test('a file of 1,900 rows each naming a missing group 1,000 times: one error per cell, at most the cap, the total said', async () => {
  const cell = Array.from({ length: 1000 }, () => 'N').join('|')
  const rows = Array.from({ length: 1900 }, (_, i) => `Plato ${i},bebidas,10,${cell}`)
  const csv = ['nombre,categoria,precio,opciones', ...rows].join('\n')
  expect(csv.length).toBeLessThan(4 * 1024 * 1024)
  const form = new FormData()
  form.append('file', new File([csv], 'menu.csv'))
  const res = await t.request('/api/menu/import', { method: 'POST', headers: { cookie }, body: form })
  expect(res.status).toBe(422)
  const text = await res.text()
  const body = JSON.parse(text) as MenuImportRefused
  expect(body.errors.length).toBeLessThanOrEqual(MAX_REPORTED_ERRORS)
  expect(body.errors[0]).toEqual({ row: 2, column: 'opciones', message: "No existe el grupo de opciones 'N'; créalo en Opciones primero" })
  // One per cell: row 3's error follows row 2's.
  expect(body.errors[1]?.row).toBe(3)
  expect(body.message).toContain('1900 errores')
  expect(text.length).toBeLessThan(1024 * 1024)
})
