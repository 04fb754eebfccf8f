import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { OpeningHoursView, StoreStatus } from '../../shared/schemas'
import { createTestApp } from '../testing.server'
import { type OpeningHoursSpecification, openingHoursSpecification } from './json-ld.server'
import { getOpeningHours } from './opening-hours.repo.server'

type T = Awaited<ReturnType<typeof createTestApp>>
let t: T
let cookie: string
/** The app's clock: a Guatemala wall-clock time (UTC-6). 2026-11-23 is a Monday. */
let clock = Date.parse('2026-11-23T10:00:00-06:00')
const setClock = (wall: string) => {
  clock = Date.parse(`${wall}:00-06:00`)
}
beforeAll(async () => {
  t = await createTestApp({ now: () => clock })
  cookie = await t.signIn()
})
afterAll(() => t.cleanup())

const shift = (open: string, close: string) => ({ open, close })
const weekday = [shift('08:00', '14:00'), shift('17:00', '21:00')]
const WEEK = { mon: weekday, tue: weekday, wed: weekday, thu: weekday, fri: weekday, sat: [shift('09:00', '14:00'), shift('22:00', '02:00')], sun: [] }
const HOURS = { timezone: 'America/Guatemala', week: WEEK, closedDates: ['2026-12-25'], paused: false }

const put = (json: unknown, headers: Record<string, string> = { cookie }) => t.request('/api/opening-hours', { method: 'PUT', headers, json })
const view = async () => (await (await t.request('/api/opening-hours')).json()) as OpeningHoursView
const status = async () => {
  const res = await t.request('/api/store-status')
  expect(res.status).toBe(200)
  expect(res.headers.get('cache-control')).toBe('no-store')
  return (await res.json()) as StoreStatus
}

describe('opening hours: nothing saved', () => {
  test('GET answers "no schedule" (week null, updatedAt null) and the store is open', async () => {
    const res = await t.request('/api/opening-hours')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await res.json()).toEqual({ timezone: 'America/Guatemala', week: null, closedDates: [], paused: false, updatedAt: null })
    setClock('2026-11-23T03:00')
    expect(await status()).toEqual({ open: true, state: 'open', message: 'Abierto' })
  })
})

describe('who may call what', () => {
  test('the reads are public; the write is an administrator’s (signed out: 401), never an API key’s', async () => {
    expect(t.accessOf('GET', '/api/opening-hours')).toBe('public')
    expect(t.accessOf('GET', '/api/store-status')).toBe('public')
    expect(t.accessOf('PUT', '/api/opening-hours')).toBe('admin')
    expect((await t.request('/api/opening-hours', { method: 'PUT', headers: { 'x-api-key': 'chq_whatever' }, json: {} })).status).toBe(403)
    const signedOut = await put(HOURS, {})
    expect(signedOut.status).toBe(401)
    expect(await view()).toMatchObject({ week: null, updatedAt: null })
    expect((await t.request('/api/store-status', { method: 'POST', headers: { cookie } })).status).toBe(404)
  })
})

describe('PUT /api/opening-hours', () => {
  test('saves the document, answers it with its save time, GET reads it back', async () => {
    const res = await put({ ...HOURS, closedDateNotes: { '2026-12-25': 'Navidad' }, pauseMessage: '' })
    expect(res.status).toBe(200)
    const saved = (await res.json()) as OpeningHoursView
    expect(saved).toEqual({ ...HOURS, closedDateNotes: { '2026-12-25': 'Navidad' }, updatedAt: expect.any(String) })
    expect(await view()).toEqual(saved)
    expect(await getOpeningHours(t.ctx.db)).toEqual({ ...HOURS, closedDateNotes: { '2026-12-25': 'Navidad' } })
  })

  test('a bad body is a Spanish 400 with field paths, and nothing changes', async () => {
    const before = await view()
    const res = await put({ ...HOURS, week: { ...WEEK, tue: [shift('08:00', '14:00'), shift('13:00', '15:00')], sun: [shift('01:00', '03:00')] }, closedDates: ['2026-02-30'] })
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      message: 'Datos inválidos',
      issues: [
        { path: 'week.tue.1', message: 'Se superpone con 8:00–14:00' },
        { path: 'week.sun.0', message: 'Se superpone con el horario del sábado (22:00–2:00)' },
        { path: 'closedDates.0', message: 'Fecha inválida: usa AAAA-MM-DD' },
      ],
    })
    expect((await put({ timezone: 'America/Guatemala' })).status).toBe(400)
    expect((await put(null)).status).toBe(400)
    expect(await view()).toEqual(before)
  })

  test('a successful save empties the page cache (the landing page shows the hours); a refused one does not', async () => {
    t.ctx.pageCache.set('/', new TextEncoder().encode('<html>'))
    expect((await put({ ...HOURS, paused: 'no' })).status).toBe(400)
    expect(t.ctx.pageCache.get('/')).toBeDefined()
    expect((await put(HOURS)).status).toBe(200)
    expect(t.ctx.pageCache.get('/')).toBeUndefined()
  })
})

describe('GET /api/store-status follows the clock', () => {
  test('edges of the ranges, between shifts, and the Saturday night shift into Sunday', async () => {
    expect((await put(HOURS)).status).toBe(200)
    setClock('2026-11-23T07:59')
    expect(await status()).toEqual({ open: false, state: 'closed', message: 'Cerrado · abrimos hoy a las 8:00', opensAt: '2026-11-23T08:00:00-06:00' })
    setClock('2026-11-23T08:00')
    expect(await status()).toEqual({ open: true, state: 'open', message: 'Abierto', closesAt: '2026-11-23T14:00:00-06:00' })
    setClock('2026-11-23T13:30')
    expect(await status()).toMatchObject({ open: true, state: 'closing-soon', message: 'Abierto · cierra a las 14:00' })
    setClock('2026-11-23T14:00')
    expect(await status()).toMatchObject({ open: false, message: 'Cerrado · abrimos hoy a las 17:00' })
    setClock('2026-11-28T23:00')
    expect(await status()).toMatchObject({ open: true, closesAt: '2026-11-29T02:00:00-06:00' })
    setClock('2026-11-29T02:00')
    expect(await status()).toMatchObject({ open: false, message: 'Cerrado · abrimos mañana a las 8:00' })
  })

  test('a closed date with its note; the next opening named by weekday', async () => {
    expect((await put({ ...HOURS, closedDateNotes: { '2026-12-25': 'Navidad' } })).status).toBe(200)
    setClock('2026-12-25T10:00') // Friday
    expect(await status()).toEqual({
      open: false,
      state: 'closed',
      message: 'Cerrado · abrimos mañana a las 9:00',
      opensAt: '2026-12-26T09:00:00-06:00',
      note: 'Navidad',
    })
    setClock('2026-11-28T15:00')
    expect((await put({ ...HOURS, week: { ...WEEK, sat: [shift('09:00', '14:00')] } })).status).toBe(200)
    expect(await status()).toMatchObject({ message: 'Cerrado · abrimos el lunes a las 8:00', opensAt: '2026-11-30T08:00:00-06:00' })
  })

  test('a pause with a message and an end; once the end passes the store is open again and GET no longer reports it', async () => {
    setClock('2026-11-23T10:00')
    const pause = { ...HOURS, paused: true, pauseMessage: 'Volvemos en 30 minutos', pausedUntil: '2026-11-23T10:30:00-06:00' }
    expect((await put(pause)).status).toBe(200)
    expect(await status()).toEqual({ open: false, state: 'paused', message: 'Volvemos en 30 minutos', opensAt: '2026-11-23T10:30:00-06:00' })
    expect(await view()).toMatchObject({ paused: true, pausedUntil: '2026-11-23T10:30:00-06:00' })
    setClock('2026-11-23T10:30')
    expect(await status()).toMatchObject({ open: true, state: 'open' })
    const after = await view()
    expect(after.paused).toBe(false)
    expect(after.pausedUntil).toBeUndefined()
    expect(after.pauseMessage).toBe('Volvemos en 30 minutos')
  })

  test('a pause without an end, with no weekly schedule (week null): paused until switched off', async () => {
    expect((await put({ ...HOURS, week: null, closedDates: [], paused: true })).status).toBe(200)
    setClock('2026-11-24T12:00')
    expect(await status()).toEqual({ open: false, state: 'paused', message: 'Pedidos en pausa por el momento' })
    expect((await put({ ...HOURS, week: null, closedDates: [], paused: false })).status).toBe(200)
    expect(await status()).toEqual({ open: true, state: 'open', message: 'Abierto' })
  })

  test('a stored row that no longer parses is read as no schedule (always open), not as a failure', async () => {
    await t.ctx.db.updateTable('settings').set({ value: '{"week":' }).where('key', '=', 'opening_hours').execute()
    const errors = console.error
    console.error = () => {}
    try {
      expect(await status()).toEqual({ open: true, state: 'open', message: 'Abierto' })
      expect(await view()).toMatchObject({ week: null, updatedAt: null })
    } finally {
      console.error = errors
    }
  })
})

describe('openingHoursSpecification (JSON-LD)', () => {
  const spec = (s: Omit<OpeningHoursSpecification, '@type'>): OpeningHoursSpecification => ({ '@type': 'OpeningHoursSpecification', ...s })
  test('days sharing a range are grouped, a closed day is left out, a night range keeps closes < opens, closed dates close all day', () => {
    expect(openingHoursSpecification({ ...HOURS, closedDates: ['2026-12-25'] })).toEqual([
      spec({ dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '08:00', closes: '14:00' }),
      spec({ dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '17:00', closes: '21:00' }),
      spec({ dayOfWeek: ['Saturday'], opens: '09:00', closes: '14:00' }),
      spec({ dayOfWeek: ['Saturday'], opens: '22:00', closes: '02:00' }),
      spec({ opens: '00:00', closes: '00:00', validFrom: '2026-12-25', validThrough: '2026-12-25' }),
    ])
  })
  test('no schedule: every day, all day', () => {
    const allDay = [spec({ dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'], opens: '00:00', closes: '23:59' })]
    expect(openingHoursSpecification(null)).toEqual(allDay)
    expect(openingHoursSpecification({ ...HOURS, week: null, closedDates: [] })).toEqual(allDay)
  })
})
