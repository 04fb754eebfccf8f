import { afterEach, beforeEach, describe, expect, mock, test } from 'bun:test'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { addItem, emptyCart, type AddInput } from '../../../shared/cart'
import { drawerOptions } from '../customize-options'
import { BASE, EXTRAS, ingredientsFetch, plate, SAUCES } from '../test/fixtures'
import { CustomizeDrawer } from './customize-drawer'
import { CustomizeForm } from './customize-form'

const all = { salsa: SAUCES, base: BASE, extra: EXTRAS }
const total = () => screen.getByTestId('drawer-total').textContent

afterEach(cleanup)

describe('the customised price shown in the drawer', () => {
  test('price by size, plus each ticked extra, and the cart charges the same', () => {
    const onConfirm = mock((_: AddInput) => {})
    const product = plate()
    render(<CustomizeForm target={{ product, size: 'grande', session: 1 }} options={drawerOptions(all, product)} onConfirm={onConfirm} onCancel={() => {}} />)
    expect(total()).toBe('Q50')
    fireEvent.click(screen.getByRole('checkbox', { name: /Aguacate/ }))
    expect(total()).toBe('Q60')
    fireEvent.click(screen.getByRole('checkbox', { name: /Pollo deshebrado/ }))
    expect(total()).toBe('Q75')
    fireEvent.click(screen.getByRole('checkbox', { name: /Aguacate/ }))
    expect(total()).toBe('Q65')
    // Removing a base ingredient is free.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Crema' }))
    expect(total()).toBe('Q65')

    fireEvent.click(screen.getByTestId('drawer-confirm'))
    expect(onConfirm).toHaveBeenCalledTimes(1)
    const input = onConfirm.mock.calls[0]?.[0] as AddInput
    expect(input.customization?.addedExtras.map((e) => e.name)).toEqual(['Pollo deshebrado'])
    expect(input.customization?.removedNames).toEqual(['Crema'])
    expect(addItem(emptyCart, input)[0]?.price).toBe(65)
  })

  test('mediano starts from the normal price; the first sauce is preselected', () => {
    const product = plate()
    render(<CustomizeForm target={{ product, size: 'mediano', session: 1 }} options={drawerOptions(all, product)} onConfirm={() => {}} onCancel={() => {}} />)
    expect(total()).toBe('Q35')
    expect((screen.getByRole('radio', { name: 'Salsa Verde' }) as HTMLInputElement).checked).toBe(true)
  })
})

describe('allowed ingredients (SPEC 7)', () => {
  const original = globalThis.fetch
  beforeEach(() => {
    globalThis.fetch = ingredientsFetch()
  })
  afterEach(() => {
    globalThis.fetch = original
  })

  const names = (role: 'radio' | 'checkbox', root: HTMLElement) =>
    Array.from(root.querySelectorAll<HTMLInputElement>(`input[type="${role}"]:not([role="switch"])`)).map((i) => i.closest('label')?.textContent?.replace(/\+Q\d+$/, '').trim())

  async function openDrawer(product: ReturnType<typeof plate>) {
    render(<CustomizeDrawer target={{ product, size: 'mediano', session: 1 }} onClose={() => {}} onConfirm={() => {}} />)
    const drawer = await screen.findByTestId('customize-drawer')
    await waitFor(() => expect(within(drawer).getByTestId('drawer-total')).toBeTruthy())
    return drawer
  }

  test("a product's allowed ids restrict the offered sauces, base ingredients and extras", async () => {
    const drawer = await openDrawer(plate({ availableSauces: [3, 1], baseIngredientIds: [11], extraIngredientIds: [22] }))
    expect(names('radio', drawer)).toEqual(['Salsa Verde', 'Mole'])
    expect(names('checkbox', drawer)).toEqual(['Cebolla morada', 'Chorizo'])
  })

  test('an empty list offers every ingredient of that type', async () => {
    const drawer = await openDrawer(plate({ availableSauces: [2], baseIngredientIds: [], extraIngredientIds: [] }))
    expect(names('radio', drawer)).toEqual(['Salsa Roja'])
    expect(names('checkbox', drawer)).toEqual(['Crema', 'Cebolla morada', 'Aguacate', 'Pollo deshebrado', 'Chorizo'])
  })
})
