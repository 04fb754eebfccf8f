import { afterEach, describe, expect, mock, test } from 'bun:test'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import type { ZoneData } from '@/shared/schemas'
import { Dialog, DialogContent, DialogTitle } from '@/web/ui/dialog'
import { zoneStats } from './use-zones'
import { ZoneCard } from './zone-card'
import { ZoneDialog } from './zone-dialog'
import { ZoneForm } from './zone-form'

afterEach(cleanup)

function renderForm() {
  const onSubmit = mock((_data: ZoneData) => {})
  render(
    <Dialog open>
      <DialogContent>
        <DialogTitle>Zona</DialogTitle>
        <ZoneForm zone={null} saving={false} onSubmit={onSubmit} />
      </DialogContent>
    </Dialog>,
  )
  return onSubmit
}

/** Clicks the submit button and lets react-hook-form's (asynchronous) validation finish. */
const submit = (name: string) =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name }))
  })

describe('ZoneForm', () => {
  test('name required; blank cost becomes 0; blank time null; the switch toggles Activa/Inactiva', async () => {
    const onSubmit = renderForm()
    await submit('Crear')
    expect(onSubmit).not.toHaveBeenCalled()
    expect(screen.getByText('Este campo es obligatorio')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Nombre de la zona'), { target: { value: 'Mixco' } })
    expect(screen.getByText('Activa')).toBeTruthy()
    fireEvent.click(screen.getByRole('switch', { name: 'Activa' }))
    expect(screen.getByRole('switch', { name: 'Inactiva' }).getAttribute('aria-checked')).toBe('false')
    await submit('Crear')
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ name: 'Mixco', deliveryCost: 0, estimatedTime: null, available: false, minimumOrder: null })
  })

  test('Pedido mínimo: whole quetzales or blank for none; a negative one is refused inline', async () => {
    const onSubmit = renderForm()
    fireEvent.change(screen.getByLabelText('Nombre de la zona'), { target: { value: 'Zona 10' } })
    const minimum = screen.getByLabelText('Pedido mínimo (Q, opcional)')
    fireEvent.change(minimum, { target: { value: '-5' } })
    await submit('Crear')
    expect(onSubmit).not.toHaveBeenCalled()
    expect(screen.getByText('No puede ser negativo')).toBeTruthy()
    expect(minimum.getAttribute('aria-invalid')).toBe('true')
    fireEvent.change(minimum, { target: { value: '100' } })
    await submit('Crear')
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ name: 'Zona 10', minimumOrder: 100 })
  })

  test('editing a zone shows its minimum; clearing it saves none', async () => {
    const onSubmit = mock((_data: ZoneData) => {})
    render(
      <Dialog open>
        <DialogContent>
          <DialogTitle>Zona</DialogTitle>
          <ZoneForm zone={{ id: 1, name: 'Zona 10', deliveryCost: 15, estimatedTime: null, available: true, minimumOrder: 100 }} saving={false} onSubmit={onSubmit} />
        </DialogContent>
      </Dialog>,
    )
    const minimum = screen.getByLabelText('Pedido mínimo (Q, opcional)') as HTMLInputElement
    expect(minimum.value).toBe('100')
    fireEvent.change(minimum, { target: { value: '' } })
    await submit('Actualizar')
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ minimumOrder: null })
  })
})

describe('ZoneDialog', () => {
  test("'Nueva Zona' for a new one, 'Editar Zona' with the zone's values for an existing one", () => {
    const zone = { id: 1, name: 'Zona 10', deliveryCost: 15, estimatedTime: '30-45 min', available: true, minimumOrder: null }
    const props = { open: true, saving: false, onOpenChange: () => {}, onSubmit: () => {} }
    const { rerender } = render(<ZoneDialog {...props} zone={null} />)
    expect(screen.getByRole('dialog', { name: 'Nueva Zona' })).toBeTruthy()
    expect((screen.getByLabelText('Nombre de la zona') as HTMLInputElement).value).toBe('')
    rerender(<ZoneDialog {...props} zone={zone} />)
    expect(screen.getByRole('dialog', { name: 'Editar Zona' })).toBeTruthy()
    expect((screen.getByLabelText('Nombre de la zona') as HTMLInputElement).value).toBe('Zona 10')
    expect((screen.getByLabelText('Costo de envío (Q)') as HTMLInputElement).value).toBe('15')
    expect(screen.getByRole('button', { name: 'Actualizar' })).toBeTruthy()
  })
})

describe('ZoneCard', () => {
  test('shows the minimum order, or "Sin mínimo"', () => {
    const zone = { id: 1, name: 'Zona 10', deliveryCost: 15, estimatedTime: null, available: true, minimumOrder: 100 }
    render(<ZoneCard zone={zone} deleting={false} onEdit={() => {}} onDelete={() => {}} />)
    expect(screen.getByText('Pedido mínimo:').parentElement?.textContent).toBe('Pedido mínimo: Q100')
    cleanup()
    render(<ZoneCard zone={{ ...zone, minimumOrder: null }} deleting={false} onEdit={() => {}} onDelete={() => {}} />)
    expect(screen.getByText('Sin mínimo')).toBeTruthy()
  })
})

describe('zoneStats', () => {
  test('total, active and the rounded average cost', () => {
    const z = (id: number, deliveryCost: number, available: boolean) => ({ id, name: `Z${id}`, deliveryCost, estimatedTime: null, available, minimumOrder: null })
    expect(zoneStats([])).toEqual({ total: 0, active: 0, average: 0 })
    expect(zoneStats([z(1, 10, true), z(2, 15, false), z(3, 16, true)])).toEqual({ total: 3, active: 2, average: 14 })
  })
})
