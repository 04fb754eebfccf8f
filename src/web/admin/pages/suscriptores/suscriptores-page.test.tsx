import { afterEach, describe, expect, test } from 'bun:test'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { Subscriber } from '@/shared/subscribers'
import { json, mockFetch, renderAdmin } from '../../test/render'
import SuscriptoresPage from './suscriptores-page'
import { formatConsentTime } from './use-subscribers'

let restore = () => {}
afterEach(() => {
  cleanup()
  restore()
})

const ana: Subscriber = { id: 2, email: 'ana@correo.com', consentedAt: '2026-11-21T02:05:00.000Z' }
const luis: Subscriber = { id: 1, email: 'luis@correo.com', consentedAt: '2026-11-20T16:00:00.000Z' }

describe('Suscriptores', () => {
  test('consent times read as day and 24-hour time in Guatemala, whatever the device', () => {
    expect(formatConsentTime(ana.consentedAt, new Date('2026-12-01T12:00:00Z'))).toBe('20 nov, 20:05')
    expect(formatConsentTime(ana.consentedAt, new Date('2027-01-02T12:00:00Z'))).toBe('20 nov 2026, 20:05')
    expect(formatConsentTime(luis.consentedAt, new Date('2026-12-01T12:00:00Z'))).toBe('20 nov, 10:00')
    expect(formatConsentTime('no es fecha')).toBe('—')
  })

  test('lists each address with its consent, offers the whole list as CSV, and removes one after a confirmation', async () => {
    let rows = [ana, luis]
    const api = mockFetch((req) => {
      if (req.method === 'DELETE') {
        rows = rows.filter((s) => s.id !== 2)
        return json({ message: 'Suscriptor eliminado', id: 2 })
      }
      return json(rows)
    })
    restore = api.restore
    renderAdmin(<SuscriptoresPage />)
    const list = await screen.findByRole('list', { name: 'Suscriptores' })
    // The year is written only when it is not this year's (shared/date-time.ts).
    const items = within(list).getAllByRole('listitem').map((li) => li.textContent ?? '')
    expect(items).toHaveLength(2)
    expect(items[0]).toMatch(/^ana@correo\.comSuscrito el 20 nov( 2026)?, 20:05$/)
    expect(items[1]).toMatch(/^luis@correo\.comSuscrito el 20 nov( 2026)?, 10:00$/)
    expect(screen.getByRole('link', { name: 'CSV' }).getAttribute('href')).toBe('/api/subscribers?limit=5000&offset=0&format=csv')

    fireEvent.click(screen.getByRole('button', { name: 'Quitar ana@correo.com' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(dialog.textContent).toContain('¿Quitar ana@correo.com de la lista?')
    // Cancelling changes nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(api.calls.filter((c) => c.method === 'DELETE')).toEqual([])

    fireEvent.click(screen.getByRole('button', { name: 'Quitar ana@correo.com' }))
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Quitar' }))
    expect(await screen.findByText('Suscriptor eliminado')).toBeTruthy()
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Suscriptores' })).getAllByRole('listitem')).toHaveLength(1))
    expect(api.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/subscribers?limit=50&offset=0&format=json',
      'DELETE /api/subscribers/2',
      'GET /api/subscribers?limit=50&offset=0&format=json',
    ])
  })

  test('a page of 50 offers the next one; a shorter page is the last; one page alone shows no pager', async () => {
    const many = Array.from({ length: 50 }, (_, i): Subscriber => ({ id: 100 - i, email: `c${i}@correo.com`, consentedAt: luis.consentedAt }))
    const api = mockFetch((req) => json(new URL(req.url).searchParams.get('offset') === '0' ? many : [luis]))
    restore = api.restore
    renderAdmin(<SuscriptoresPage />)
    await screen.findByText('c0@correo.com')
    expect((screen.getByRole('button', { name: 'Anterior' }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }))
    await screen.findByText('luis@correo.com')
    expect(screen.getByText('Página 2')).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Siguiente' }) as HTMLButtonElement).disabled).toBe(true)
    expect(api.calls.map((c) => c.url)).toEqual(['/api/subscribers?limit=50&offset=0&format=json', '/api/subscribers?limit=50&offset=50&format=json'])
    cleanup()

    restore()
    restore = mockFetch(() => json([luis])).restore
    renderAdmin(<SuscriptoresPage />)
    await screen.findByText('luis@correo.com')
    expect(screen.queryByRole('button', { name: 'Siguiente' })).toBeNull()
  })

  test('nobody yet: says so', async () => {
    restore = mockFetch(() => json([])).restore
    renderAdmin(<SuscriptoresPage />)
    expect(await screen.findByText('Nadie se ha suscrito todavía')).toBeTruthy()
  })
})
