/**
 * The drawer's option groups (issue #32) in happy-dom: radios for 'Elige 1', checkboxes with
 * their count for 'Elige hasta N', 'Obligatorio', defaults chosen, sold-out options disabled
 * with 'Agotado', the total by size, the button held with its reason until every minimum is
 * met, the max enforced, and an axe scan of the open drawer.
 */
import { afterAll, afterEach, beforeAll, describe, expect, mock, test } from 'bun:test'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import axe from 'axe-core'
import { addItem, emptyCart, type AddInput } from '../../../shared/cart'
import type { Size } from '../../../shared/cart'
import type { StoreProduct } from '../../../shared/landing-data'
import { latte, menuFetch, plate } from '../test/fixtures'
import { CustomizeDrawer } from './customize-drawer'

const original = globalThis.fetch
beforeAll(() => {
  globalThis.fetch = menuFetch()
})
afterAll(() => {
  globalThis.fetch = original
})
afterEach(cleanup)

const total = (drawer: HTMLElement) => within(drawer).getByTestId('drawer-total').textContent
const confirmButton = (drawer: HTMLElement) => within(drawer).getByTestId('drawer-confirm')
const group = (drawer: HTMLElement, name: string) => {
  const found = drawer.querySelector<HTMLElement>(`[data-testid="option-group"][data-group="${name}"]`)
  if (!found) throw new Error(`no group ${name}`)
  return found
}
const input = (root: HTMLElement, role: 'radio' | 'checkbox', name: RegExp | string) => within(root).getByRole(role, { name }) as HTMLInputElement

async function open(product: StoreProduct, size: Size = 'mediano') {
  const onConfirm = mock((_: AddInput) => {})
  render(<CustomizeDrawer target={{ product, size, session: 1 }} onClose={() => {}} onConfirm={onConfirm} />)
  const drawer = await screen.findByTestId('customize-drawer')
  await waitFor(() => expect(within(drawer).getByTestId('drawer-confirm')).toBeTruthy())
  return { drawer, onConfirm }
}

describe('a drink with a required milk (not chilaquiles)', () => {
  test('only its group: radios, Elige 1, Obligatorio; no sauce, no Salsa por aparte, no base, no extras', async () => {
    const { drawer } = await open(latte())
    const leche = group(drawer, 'Leche')
    expect(within(leche).getByText('Elige 1')).toBeTruthy()
    expect(within(leche).getByText('Obligatorio')).toBeTruthy()
    expect(within(leche).getAllByRole('radio').map((r) => (r.closest('label')?.textContent ?? '').trim())).toEqual(['Entera', 'Deslactosada', 'Almendra+Q5', 'AvenaAgotado'])
    expect(within(drawer).queryAllByRole('checkbox')).toEqual([])
    expect(within(drawer).queryByText('Salsa por aparte')).toBeNull()
    expect(within(drawer).queryByText('Salsa')).toBeNull()
    expect(within(drawer).queryByText('Extras')).toBeNull()
    expect(within(drawer).queryByText('Ingredientes incluidos')).toBeNull()
    expect(within(drawer).getByText(/Elige cómo lo quieres/)).toBeTruthy()
  })

  test('the sold-out option shows Agotado and cannot be chosen', async () => {
    const { drawer } = await open(latte())
    const avena = input(drawer, 'radio', /Avena/)
    expect(avena.disabled).toBe(true)
    expect(avena.closest('label')?.textContent).toContain('Agotado')
    fireEvent.click(avena)
    expect(avena.checked).toBe(false)
  })

  test('the button says why it waits, a tap adds nothing and goes to the group; a choice frees it', async () => {
    const { drawer, onConfirm } = await open(latte())
    const button = confirmButton(drawer)
    expect(button.getAttribute('aria-disabled')).toBe('true')
    const reason = within(drawer).getByTestId('drawer-reason')
    expect(reason.textContent).toBe('Elige una opción de Leche')
    // Read with the button: its description is the reason.
    expect(button.getAttribute('aria-describedby')).toBe(reason.id)

    fireEvent.click(button)
    expect(onConfirm).not.toHaveBeenCalled()
    expect(within(group(drawer, 'Leche')).getByTestId('option-problem').textContent).toBe('Elige una opción de Leche')
    expect(document.activeElement).toBe(input(drawer, 'radio', 'Entera'))

    fireEvent.click(input(drawer, 'radio', 'Deslactosada'))
    expect(button.getAttribute('aria-disabled')).toBeNull()
    expect(within(drawer).queryByTestId('drawer-reason')).toBeNull()
    expect(within(drawer).queryByTestId('option-problem')).toBeNull()
    fireEvent.click(button)
    expect(onConfirm).toHaveBeenCalledTimes(1)
  })

  test('the total follows the choice, priced by size; the cart charges the same and keeps the option', async () => {
    const mediano = await open(latte(), 'mediano')
    expect(total(mediano.drawer)).toBe('Q20')
    fireEvent.click(input(mediano.drawer, 'radio', /Almendra/))
    expect(total(mediano.drawer)).toBe('Q25')
    expect(within(mediano.drawer).getByText('+Q5')).toBeTruthy()
    cleanup()

    const grande = await open(latte(), 'grande')
    expect(within(grande.drawer).getByText('+Q7')).toBeTruthy()
    fireEvent.click(input(grande.drawer, 'radio', /Almendra/))
    expect(total(grande.drawer)).toBe('Q32')
    fireEvent.click(input(grande.drawer, 'radio', 'Entera'))
    expect(total(grande.drawer)).toBe('Q25')
    fireEvent.click(input(grande.drawer, 'radio', /Almendra/))
    fireEvent.click(confirmButton(grande.drawer))
    const added = grande.onConfirm.mock.calls[0]?.[0] as AddInput
    expect(added.customization).toBeUndefined()
    expect(added.options).toEqual([{ groupId: 1, optionId: 103, group: 'Leche', name: 'Almendra', price: 5, priceGrande: 7 }])
    expect(addItem(emptyCart, added)[0]?.price).toBe(32)
  })

  test('a required group with every option sold out: the dish cannot be added, and the drawer says so', async () => {
    const { drawer, onConfirm } = await open(latte({ optionGroupIds: [9] }))
    expect(within(drawer).getByTestId('drawer-reason').textContent).toBe('Agotado: ya no quedan opciones de Pan')
    expect(input(drawer, 'radio', /Blanco/).disabled).toBe(true)
    fireEvent.click(confirmButton(drawer))
    expect(onConfirm).not.toHaveBeenCalled()
  })
})

describe('a plate of chilaquiles with option groups too', () => {
  const bowl = () => plate({ optionGroupIds: [2, 3, 4] })

  test("the SPEC's drawer as it is, the groups below it in the product's order", async () => {
    const { drawer } = await open(bowl())
    expect(input(drawer, 'radio', 'Salsa Verde').checked).toBe(true)
    expect(within(drawer).getByRole('switch', { name: /Salsa por aparte/ })).toBeTruthy()
    expect(within(drawer).getByText('Ingredientes incluidos')).toBeTruthy()
    expect(within(drawer).getByText('Extras')).toBeTruthy()
    const legends = Array.from(drawer.querySelectorAll('legend')).map((l) => l.firstChild?.textContent)
    expect(legends).toEqual(['Salsa ', 'Ingredientes incluidos', 'Extras', 'Proteína', 'Toppings', 'Endulzante'])
  })

  test('defaults come chosen and priced: Pollo (+Q10) and Canela; an optional Elige 1 starts at its Sin …', async () => {
    const { drawer } = await open(bowl())
    expect(input(group(drawer, 'Proteína'), 'radio', /Pollo/).checked).toBe(true)
    expect(input(group(drawer, 'Toppings'), 'checkbox', 'Canela').checked).toBe(true)
    expect(input(group(drawer, 'Endulzante'), 'radio', 'Sin endulzante').checked).toBe(true)
    expect(total(drawer)).toBe('Q45')
    expect(confirmButton(drawer).getAttribute('aria-disabled')).toBeNull()
    // Obligatorio on the required group only; the optional 'Elige 1' may go back to nothing.
    expect(within(group(drawer, 'Proteína')).queryByText('Obligatorio')).toBeTruthy()
    expect(within(group(drawer, 'Toppings')).queryByText('Obligatorio')).toBeNull()
    fireEvent.click(input(drawer, 'radio', /Miel/))
    expect(total(drawer)).toBe('Q47')
    fireEvent.click(input(drawer, 'radio', 'Sin endulzante'))
    expect(total(drawer)).toBe('Q45')
  })

  test('Elige hasta 2: checkboxes with the count; at 2 the others are disabled, freeing one frees them', async () => {
    const { drawer, onConfirm } = await open(bowl(), 'grande')
    const toppings = group(drawer, 'Toppings')
    expect(within(toppings).getByText('Elige hasta 2')).toBeTruthy()
    expect(within(toppings).getByTestId('option-count').textContent).toBe('1 de 2')
    fireEvent.click(input(toppings, 'checkbox', /Nuez/))
    expect(within(toppings).getByTestId('option-count').textContent).toBe('2 de 2')
    expect(input(toppings, 'checkbox', /Chispas/).disabled).toBe(true)
    expect(within(toppings).getByText('Ya elegiste 2. Quita una opción para elegir otra.')).toBeTruthy()
    fireEvent.click(input(toppings, 'checkbox', /Chispas/))
    expect(input(toppings, 'checkbox', /Chispas/).checked).toBe(false)
    expect(total(drawer)).toBe('Q64') // 50 Grande + Pollo 10 + Nuez 4
    fireEvent.click(input(toppings, 'checkbox', 'Canela'))
    expect(input(toppings, 'checkbox', /Chispas/).disabled).toBe(false)
    expect(input(toppings, 'checkbox', /Coco/).disabled).toBe(true) // sold out stays so
    fireEvent.click(input(toppings, 'checkbox', /Chispas/))
    expect(total(drawer)).toBe('Q67')

    fireEvent.click(confirmButton(drawer))
    const added = onConfirm.mock.calls[0]?.[0] as AddInput
    expect(added.customization?.sauce).toBe('Salsa Verde')
    expect(added.options?.map((o) => `${o.group}: ${o.name}`)).toEqual(['Proteína: Pollo', 'Toppings: Nuez', 'Toppings: Chispas'])
    expect(addItem(emptyCart, added)[0]?.price).toBe(67)
  })

  test('axe: the open drawer has no violations (labels, names, ARIA)', async () => {
    const { drawer } = await open(bowl())
    fireEvent.click(input(drawer, 'checkbox', /Nuez/)) // at the max: disabled boxes and the hint
    const results = await axe.run(drawer, { rules: { 'color-contrast': { enabled: false } }, resultTypes: ['violations'] })
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
  })
})
