import { afterEach, describe, expect, mock, test } from 'bun:test'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { z } from 'zod'
import { money, text } from '@/shared/schemas/fields'
import { NumberField, SelectField, SwitchField, TextField } from './fields'
import { Form } from './form'
import { useSchemaForm } from './use-schema-form'

afterEach(cleanup)

const schema = z.object({ name: text(20), qty: money(), kind: z.enum(['a', 'b']), on: z.boolean() })
type Data = z.output<typeof schema>

function Harness({ onSubmit }: { onSubmit: (data: Data) => void }) {
  const form = useSchemaForm(schema, { name: '', qty: '', kind: 'a' as 'a' | 'b', on: true })
  const { control } = form
  return (
    <Form form={form} onSubmit={onSubmit}>
      <TextField control={control} name="name" id="t-name" label="Nombre" hint="Como aparece en el menú" />
      <NumberField control={control} name="qty" id="t-qty" label="Cantidad" />
      <SelectField control={control} name="kind" id="t-kind" label="Tipo" options={['a', 'b'] as const} labels={{ a: 'Uno', b: 'Dos' }} />
      <SwitchField control={control} name="on" id="t-on" on="Activo" off="Inactivo" hint="Se puede cambiar después." />
      <button type="submit">Guardar</button>
    </Form>
  )
}

const save = () =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }))
  })

describe('form fields (react-hook-form + a shared schema)', () => {
  test('labelled controls; the hint describes a field; an error marks it invalid and describes it too', async () => {
    const onSubmit = mock((_data: Data) => {})
    render(<Harness onSubmit={onSubmit} />)
    const name = screen.getByLabelText('Nombre')
    expect(name.getAttribute('aria-describedby')).toBe('t-name-hint')
    expect(name.getAttribute('aria-invalid')).toBeNull()
    const qty = screen.getByLabelText('Cantidad') as HTMLInputElement
    expect([qty.type, qty.min, qty.step]).toEqual(['number', '0', '1'])
    expect([...(screen.getByLabelText('Tipo') as HTMLSelectElement).options].map((o) => o.text)).toEqual(['Uno', 'Dos'])

    fireEvent.change(qty, { target: { value: '-1' } })
    await save()
    expect(onSubmit).not.toHaveBeenCalled()
    expect(name.getAttribute('aria-invalid')).toBe('true')
    expect(name.getAttribute('aria-describedby')).toBe('t-name-hint t-name-error')
    expect(document.getElementById('t-name-error')?.textContent).toBe('Este campo es obligatorio')
    expect(qty.getAttribute('aria-describedby')).toBe('t-qty-error')
    expect(document.getElementById('t-qty-error')?.textContent).toBe('No puede ser negativo')
  })

  test("the switch is named by its state and described by its hint; the submit gets the schema's data", async () => {
    const onSubmit = mock((_data: Data) => {})
    render(<Harness onSubmit={onSubmit} />)
    const toggle = screen.getByRole('switch', { name: 'Activo' })
    expect(toggle.getAttribute('aria-describedby')).toBe('t-on-hint')
    fireEvent.click(toggle)
    expect(screen.getByRole('switch', { name: 'Inactivo' }).getAttribute('aria-checked')).toBe('false')
    fireEvent.change(screen.getByLabelText('Nombre'), { target: { value: '  Tostada  ' } })
    fireEvent.change(screen.getByLabelText('Cantidad'), { target: { value: '3' } })
    fireEvent.change(screen.getByLabelText('Tipo'), { target: { value: 'b' } })
    await save()
    expect(onSubmit.mock.calls[0]?.[0]).toEqual({ name: 'Tostada', qty: 3, kind: 'b', on: false })
  })
})
