import { afterEach, describe, expect, test } from 'bun:test'
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { useState } from 'react'
import { API_KEY_NAME_RULE } from '@/shared/schemas'
import { json, mockFetch, renderAdmin } from '../../test/render'
import { CreateApiKeyDialog } from './create-api-key-dialog'

let restore = () => {}
afterEach(() => {
  cleanup()
  restore()
})

const FULL = 'chq_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGH'

function Harness() {
  const [open, setOpen] = useState(true)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        abrir
      </button>
      <CreateApiKeyDialog open={open} onOpenChange={setOpen} />
    </>
  )
}

describe('CreateApiKeyDialog', () => {
  test('a name under 3 characters: the shared rule as a toast, no request', async () => {
    const api = mockFetch(() => json({}))
    restore = api.restore
    renderAdmin(<Harness />)
    fireEvent.change(screen.getByLabelText('Nombre'), { target: { value: '  ab ' } })
    fireEvent.click(screen.getByRole('button', { name: 'Crear' }))
    expect(await screen.findByText(API_KEY_NAME_RULE)).toBeTruthy()
    expect(api.calls).toHaveLength(0)
  })

  test('after creation the full key is shown once; closing clears it', async () => {
    const api = mockFetch(() =>
      json({ id: 1, name: 'POS', key: FULL, active: true, createdAt: '2025-01-01T00:00:00Z', lastUsedAt: null }, 201),
    )
    restore = api.restore
    renderAdmin(<Harness />)
    fireEvent.change(screen.getByLabelText('Nombre'), { target: { value: 'POS' } })
    fireEvent.click(screen.getByRole('button', { name: 'Crear' }))
    expect(await screen.findByText(FULL)).toBeTruthy()
    expect(screen.getByText(/No podrás verla de nuevo/)).toBeTruthy()
    expect(screen.getByText('API Key creada', { selector: 'h2' })).toBeTruthy()
    expect(JSON.parse(api.calls[0]?.body ?? '{}')).toEqual({ name: 'POS' })

    fireEvent.click(screen.getByRole('button', { name: 'Listo' }))
    fireEvent.click(screen.getByRole('button', { name: 'abrir' }))
    expect(screen.queryByText(FULL)).toBeNull()
    expect((screen.getByLabelText('Nombre') as HTMLInputElement).value).toBe('')
  })

  test('a failed creation says so', async () => {
    const api = mockFetch(() => json({ message: 'x' }, 500))
    restore = api.restore
    renderAdmin(<Harness />)
    fireEvent.change(screen.getByLabelText('Nombre'), { target: { value: 'POS' } })
    fireEvent.click(screen.getByRole('button', { name: 'Crear' }))
    expect(await screen.findByText('No se pudo crear la API Key')).toBeTruthy()
  })
})
