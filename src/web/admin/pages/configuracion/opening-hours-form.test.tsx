import { afterEach, describe, expect, test } from 'bun:test'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { type OpeningHoursView, openingHoursInputSchema } from '@/shared/schemas'
import { json, mockFetch, renderAdmin } from '../../test/render'
import { OpeningHoursCard } from './opening-hours-form'

let restore = () => {}
afterEach(() => {
  cleanup()
  restore()
})

const NOTHING_SAVED: OpeningHoursView = { timezone: 'America/Guatemala', week: null, closedDates: [], paused: false, updatedAt: null }
const shift = (open: string, close: string) => ({ open, close })
const weekday = [shift('08:00', '14:00'), shift('17:00', '21:00')]
const SAVED: OpeningHoursView = {
  timezone: 'America/Guatemala',
  week: { mon: weekday, tue: weekday, wed: weekday, thu: weekday, fri: weekday, sat: [shift('22:00', '02:00')], sun: [] },
  closedDates: ['2026-12-25'],
  closedDateNotes: { '2026-12-25': 'Navidad' },
  paused: false,
  updatedAt: '2026-11-23T16:00:00.000Z',
}

/** GET answers `initial`; PUT answers what the server would store (the shared schema's output) with a new save time. */
function serve(initial: OpeningHoursView, put?: (body: unknown) => Response) {
  const api = mockFetch(async (req) => {
    if (req.method === 'PUT') {
      const body: unknown = await req.json()
      if (put) return put(body)
      return json({ ...openingHoursInputSchema.parse(body), updatedAt: '2026-11-24T10:00:00.000Z' })
    }
    return json(initial)
  })
  restore = api.restore
  renderAdmin(<OpeningHoursCard />)
  return api
}
const putBody = (api: ReturnType<typeof serve>) => JSON.parse(api.calls.find((c) => c.method === 'PUT')?.body ?? 'null')
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Guardar horario' }))
const day = (name: string) => within(screen.getByRole('group', { name }))
const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value

describe('Horario de atención', () => {
  test('nothing saved: no schedule (always open); switching it on starts every day at 8:00–20:00 and saves the week', async () => {
    const api = serve(NOTHING_SAVED)
    const scheduled = await screen.findByRole('switch', { name: 'Atender con horario' })
    expect(scheduled.getAttribute('aria-checked')).toBe('false')
    expect(screen.getByText('Sin horario: la tienda acepta pedidos a cualquier hora.')).toBeTruthy()
    expect(screen.queryByRole('group', { name: 'Lunes' })).toBeNull()
    fireEvent.click(scheduled)
    expect(value('Domingo, horario 1: abre')).toBe('08:00')
    expect(value('Domingo, horario 1: cierra')).toBe('20:00')
    save()
    await screen.findByText('Horario guardado')
    const body = putBody(api)
    expect(body.week.mon).toEqual([shift('08:00', '20:00')])
    expect(Object.keys(body.week)).toEqual(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'])
    expect(body).toMatchObject({ timezone: 'America/Guatemala', closedDates: [], paused: false })
  })

  test('the saved week: split shifts, an overnight range, a closed day; add and remove ranges', async () => {
    const api = serve(SAVED)
    await screen.findByRole('group', { name: 'Lunes' })
    expect(day('Lunes').getAllByLabelText(/^Lunes, horario \d: abre$/)).toHaveLength(2)
    expect(day('Sábado').getByText('Cierra al día siguiente')).toBeTruthy()
    expect(day('Domingo').getByText('Cerrado')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Agregar horario al domingo' }))
    expect(value('Domingo, horario 1: abre')).toBe('08:00')
    expect(day('Domingo').queryByText('Cerrado')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Quitar horario 2 del lunes' }))
    save()
    await screen.findByText('Horario guardado')
    expect(putBody(api).week).toMatchObject({ mon: [shift('08:00', '14:00')], tue: weekday, sun: [shift('08:00', '14:00')] })
  })

  test('one day copied to the others (then an exception adjusted); a closed day offers no copy', async () => {
    const api = serve(SAVED)
    await screen.findByRole('group', { name: 'Lunes' })
    expect(day('Domingo').queryByRole('button', { name: /^Copiar/ })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Copiar a los demás días el horario del sábado' }))
    for (const name of ['Lunes', 'Miércoles', 'Domingo']) {
      expect(day(name).getAllByLabelText(/horario \d: abre$/).map((input) => (input as HTMLInputElement).value)).toEqual(['22:00'])
      expect(day(name).getByText('Cierra al día siguiente')).toBeTruthy()
    }
    fireEvent.click(screen.getByRole('button', { name: 'Quitar horario 1 del domingo' }))
    save()
    await screen.findByText('Horario guardado')
    const night = [shift('22:00', '02:00')]
    expect(putBody(api).week).toEqual({ mon: night, tue: night, wed: night, thu: night, fri: night, sat: night, sun: [] })
  })

  test('overlapping ranges: inline Spanish error from the shared schema, nothing sent; fixing it clears the error', async () => {
    const api = serve(SAVED)
    await screen.findByRole('group', { name: 'Martes' })
    fireEvent.change(screen.getByLabelText('Martes, horario 2: abre'), { target: { value: '13:00' } })
    // Sunday 01:00 collides with Saturday's 22:00–02:00 night shift.
    fireEvent.click(screen.getByRole('button', { name: 'Agregar horario al domingo' }))
    fireEvent.change(screen.getByLabelText('Domingo, horario 1: abre'), { target: { value: '01:00' } })
    save()
    expect(day('Martes').getByText('Se superpone con 8:00–14:00')).toBeTruthy()
    expect(day('Domingo').getByText('Se superpone con el horario del sábado (22:00–2:00)')).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toBe('Revisa los campos marcados.')
    expect(screen.getByLabelText('Martes, horario 2: abre').getAttribute('aria-invalid')).toBe('true')
    expect(api.calls.filter((c) => c.method === 'PUT')).toHaveLength(0)

    fireEvent.change(screen.getByLabelText('Martes, horario 2: abre'), { target: { value: '15:00' } })
    fireEvent.change(screen.getByLabelText('Domingo, horario 1: abre'), { target: { value: '02:00' } })
    expect(screen.queryByText('Se superpone con 8:00–14:00')).toBeNull()
    save()
    await screen.findByText('Horario guardado')
    expect(putBody(api).week.tue).toEqual([shift('08:00', '14:00'), shift('15:00', '21:00')])
  })

  test('closed dates with notes: shown, added, a blank date refused inline, saved', async () => {
    const api = serve(SAVED)
    expect(await screen.findByDisplayValue('2026-12-25')).toBeTruthy()
    expect(value('Nota de la fecha 1 (opcional)')).toBe('Navidad')
    fireEvent.click(screen.getByRole('button', { name: 'Agregar fecha' }))
    save()
    expect(screen.getByText('Fecha inválida: usa AAAA-MM-DD')).toBeTruthy()
    expect(screen.getByLabelText('Fecha cerrada 2').getAttribute('aria-invalid')).toBe('true')
    fireEvent.change(screen.getByLabelText('Fecha cerrada 2'), { target: { value: '2027-01-01' } })
    fireEvent.change(screen.getByLabelText('Nota de la fecha 2 (opcional)'), { target: { value: 'Año Nuevo' } })
    save()
    await screen.findByText('Horario guardado')
    expect(putBody(api)).toMatchObject({ closedDates: ['2026-12-25', '2027-01-01'], closedDateNotes: { '2026-12-25': 'Navidad', '2027-01-01': 'Año Nuevo' } })
  })

  test('Pausar pedidos with a message and an end time in Guatemala time', async () => {
    const api = serve(SAVED)
    const pause = await screen.findByRole('switch', { name: 'Pausar pedidos' })
    expect(screen.queryByLabelText('Mensaje para los clientes (opcional)')).toBeNull()
    fireEvent.click(pause)
    expect(pause.getAttribute('aria-checked')).toBe('true')
    fireEvent.change(screen.getByLabelText('Mensaje para los clientes (opcional)'), { target: { value: 'Volvemos en 30 minutos' } })
    fireEvent.change(screen.getByLabelText('Reanudar automáticamente (opcional)'), { target: { value: '2026-12-24' } })
    const hour = screen.getByLabelText('Hora de reanudar')
    fireEvent.change(hour, { target: { value: '15' } })
    fireEvent.blur(hour) // typed '15', read as 15:00 (24-hour, whatever the device)
    expect((hour as HTMLInputElement).value).toBe('15:00')
    save()
    await screen.findByText('Horario guardado')
    expect(putBody(api)).toMatchObject({ paused: true, pauseMessage: 'Volvemos en 30 minutos', pausedUntil: '2026-12-24T15:00:00-06:00' })
  })

  test('a saved pause shows its message as the current state and its end in Guatemala time', async () => {
    serve({ ...SAVED, paused: true, pauseMessage: 'Volvemos pronto', pausedUntil: '2099-12-24T21:00:00.000Z' })
    expect(await screen.findByText('Volvemos pronto')).toBeTruthy()
    expect(value('Reanudar automáticamente (opcional)')).toBe('2099-12-24')
    expect(value('Hora de reanudar')).toBe('15:00')
  })

  test('a refused save shows the server’s Spanish message', async () => {
    serve(SAVED, () => json({ message: 'Debes iniciar sesión para realizar esta acción' }, 401))
    await screen.findByRole('group', { name: 'Lunes' })
    save()
    await screen.findByText('Debes iniciar sesión para realizar esta acción')
    await waitFor(() => expect((screen.getByRole('button', { name: 'Guardar horario' }) as HTMLButtonElement).disabled).toBe(false))
  })
})
