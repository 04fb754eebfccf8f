import { afterEach, describe, expect, mock, test } from 'bun:test'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import type { ZoneData } from '@/shared/schemas'
import { Dialog, DialogContent, DialogTitle } from '@/web/ui/dialog'
import { zoneStats } from './use-zones'
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

describe('ZoneForm', () => {
  test('name required; blank cost becomes 0; blank time null; the switch toggles Activa/Inactiva', () => {
    const onSubmit = renderForm()
    fireEvent.click(screen.getByRole('button', { name: 'Crear' }))
    expect(onSubmit).not.toHaveBeenCalled()
    expect(screen.getByText('Este campo es obligatorio')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Nombre de la zona'), { target: { value: 'Mixco' } })
    expect(screen.getByText('Activa')).toBeTruthy()
    fireEvent.click(screen.getByRole('switch', { name: 'Activa' }))
    expect(screen.getByRole('switch', { name: 'Inactiva' }).getAttribute('aria-checked')).toBe('false')
    fireEvent.click(screen.getByRole('button', { name: 'Crear' }))
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ name: 'Mixco', deliveryCost: 0, estimatedTime: null, available: false })
  })
})

describe('zoneStats', () => {
  test('total, active and the rounded average cost', () => {
    const z = (id: number, deliveryCost: number, available: boolean) => ({ id, name: `Z${id}`, deliveryCost, estimatedTime: null, available })
    expect(zoneStats([])).toEqual({ total: 0, active: 0, average: 0 })
    expect(zoneStats([z(1, 10, true), z(2, 15, false), z(3, 16, true)])).toEqual({ total: 3, active: 2, average: 14 })
  })
})
