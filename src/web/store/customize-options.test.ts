import { describe, expect, test } from 'bun:test'
import { cartOptions, chooseOption, noneLabel, optionGroupProblem } from './customize-options'
import { ENDULZANTE, LECHE, PAN_AGOTADO, PROTEINA, TOPPINGS } from './test/fixtures'

describe('choosing in a group (issue #32)', () => {
  test("Elige 1: a choice replaces the group's, leaves other groups alone; null takes it back", () => {
    let chosen = chooseOption([{ groupId: 3, optionId: 301 }], LECHE, 101)
    chosen = chooseOption(chosen, LECHE, 103)
    expect(chosen).toEqual([{ groupId: 3, optionId: 301 }, { groupId: 1, optionId: 103 }])
    expect(chooseOption(chosen, LECHE, null)).toEqual([{ groupId: 3, optionId: 301 }])
  })

  test('Elige hasta 2: toggles; a third is refused even if a tap reaches it', () => {
    let chosen = chooseOption([], TOPPINGS, 301)
    chosen = chooseOption(chosen, TOPPINGS, 302)
    expect(chooseOption(chosen, TOPPINGS, 303)).toEqual(chosen)
    expect(chooseOption(chosen, TOPPINGS, 301)).toEqual([{ groupId: 3, optionId: 302 }])
  })

  test('a sold-out or unknown option is never taken', () => {
    expect(chooseOption([], LECHE, 104)).toEqual([])
    expect(chooseOption([], TOPPINGS, 304)).toEqual([])
    expect(chooseOption([], LECHE, 999)).toEqual([])
  })

  test("the cart's options follow the group's order, whatever the order of the taps", () => {
    const chosen = [{ groupId: 3, optionId: 303 }, { groupId: 2, optionId: 202 }, { groupId: 3, optionId: 301 }]
    expect(cartOptions([PROTEINA, TOPPINGS], chosen).map((o) => o.name)).toEqual(['Res', 'Canela', 'Chispas'])
  })

  test('problems: a missing required choice, and a required group with nothing left', () => {
    expect(optionGroupProblem(LECHE, [])).toBe('Elige una opción de Leche')
    expect(optionGroupProblem(LECHE, [{ groupId: 1, optionId: 101 }])).toBeNull()
    expect(optionGroupProblem(TOPPINGS, [])).toBeNull()
    expect(optionGroupProblem(PAN_AGOTADO, [])).toBe('Agotado: ya no quedan opciones de Pan')
  })

  test("an optional Elige 1's way back: 'Sin …', an acronym keeps its capitals", () => {
    expect(noneLabel(ENDULZANTE)).toBe('Sin endulzante')
    expect(noneLabel({ name: 'BBQ' })).toBe('Sin BBQ')
  })
})
