import { afterEach, describe, expect, test } from 'bun:test'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { ActiveSession } from '@/shared/schemas'
import { json, mockFetch, renderAdmin } from '../../test/render'
import { ActiveSessions } from './active-sessions'

let restore = () => {}
afterEach(() => {
  cleanup()
  restore()
})

const phone: ActiveSession = {
  id: 'a',
  createdAt: '2026-11-20T15:00:00.000Z',
  lastUsedAt: '2026-11-21T16:30:00.000Z',
  userAgent: 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/156.0 Mobile Safari/537.36',
  current: false,
}
const laptop: ActiveSession = { ...phone, id: 'b', userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0', current: true }

describe('ActiveSessions (Mi Perfil)', () => {
  test('lists each session with browser, start and last use, marks this one, and closes the others', async () => {
    let sessions = [laptop, phone]
    const api = mockFetch((req) => {
      if (req.method === 'DELETE') {
        sessions = [laptop]
        return json({ message: 'Se cerró 1 sesión', ended: 1 })
      }
      return json(sessions)
    })
    restore = api.restore
    renderAdmin(<ActiveSessions />)
    const list = await screen.findByRole('list', { name: 'Sesiones activas' })
    const items = within(list).getAllByRole('listitem')
    expect(items.map((li) => li.textContent?.split('Iniciada')[0])).toEqual(['Firefox en LinuxEsta sesión', 'Chrome en Android'])
    expect(items[1]?.textContent).toContain('Último uso:')

    fireEvent.click(screen.getByRole('button', { name: 'Cerrar las demás sesiones' }))
    expect(await screen.findByText('Se cerró 1 sesión')).toBeTruthy()
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Sesiones activas' })).getAllByRole('listitem')).toHaveLength(1))
    expect(api.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/auth/sessions', 'DELETE /api/auth/sessions/others', 'GET /api/auth/sessions'])
    expect((screen.getByRole('button', { name: 'Cerrar las demás sesiones' }) as HTMLButtonElement).disabled).toBe(true)
  })
})
