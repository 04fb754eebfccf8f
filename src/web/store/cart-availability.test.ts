import { describe, expect, test } from 'bun:test'
import { addItem, emptyCart } from '../../shared/cart'
import { optionsReason, portionsReason, unavailableReason } from './cart-availability'
import { BASE, EXTRAS, horchata, LECHE, latte, OPTION_GROUPS, plate, SAUCES } from './test/fixtures'

const ingredients = { salsa: SAUCES, base: BASE, extra: EXTRAS }
const [drink, dish] = addItem(addItem(emptyCart, { product: horchata, size: 'mediano' }), {
  product: plate(),
  size: 'mediano',
  customization: { sauce: 'Salsa Verde', sauceId: 1, sauceOnSide: false, removedIngredients: [], removedNames: [], addedExtras: [{ id: 20, name: 'Aguacate', price: 10 }] },
})

describe('unavailableReason', () => {
  test('an available line has none', () => {
    expect(unavailableReason(dish!, [plate(), horchata], ingredients)).toBeNull()
    expect(unavailableReason(drink!, [plate(), horchata], null)).toBeNull()
  })

  test('a product switched to Agotado, or gone from the menu', () => {
    expect(unavailableReason(drink!, [plate(), { ...horchata, available: false }], ingredients)).toBe('Agotado por hoy. Quítalo para continuar.')
    expect(unavailableReason(drink!, [plate()], ingredients)).toBe('Ya no está en el menú. Quítalo para continuar.')
  })

  test('its sauce or an extra switched off (the public lists leave them out)', () => {
    expect(unavailableReason(dish!, [plate()], { ...ingredients, salsa: SAUCES.slice(1) })).toBe('La Salsa Verde ya no está disponible. Quítalo y arma tu plato de nuevo.')
    expect(unavailableReason(dish!, [plate()], { ...ingredients, extra: EXTRAS.slice(1) })).toBe('El extra Aguacate ya no está disponible. Quítalo y arma tu plato de nuevo.')
  })
})

describe('portionsReason (portions per day)', () => {
  const two = { ...drink!, quantity: 2 }
  test('no limit, or enough left: none', () => {
    expect(portionsReason(two, [two, dish!], null)).toBeNull()
    expect(portionsReason(two, [two, dish!], { [String(dish!.product.id)]: 0 })).toBeNull()
    expect(portionsReason(two, [two], { [String(horchata.id)]: 2 })).toBeNull()
  })
  test('more than what is left, its lines added up; none left', () => {
    expect(portionsReason(two, [two, { ...drink!, quantity: 1 }], { [String(horchata.id)]: 2 })).toBe('Solo quedan 2 hoy. Baja la cantidad para continuar.')
    expect(portionsReason(two, [two], { [String(horchata.id)]: 1 })).toBe('Solo queda 1 hoy. Baja la cantidad para continuar.')
    expect(portionsReason(two, [two], { [String(horchata.id)]: 0 })).toBe('Agotado por hoy. Quítalo para continuar.')
  })
})

describe('optionsReason (option groups, issue #32)', () => {
  const groups = new Map(OPTION_GROUPS.map((g) => [g.id, g]))
  const almendra = { groupId: 1, optionId: 103, group: 'Leche', name: 'Almendra', price: 5, priceGrande: 7 }
  const [line] = addItem(emptyCart, { product: latte(), size: 'mediano', options: [almendra] })

  test('an option still offered: none; nothing known yet: none', () => {
    expect(optionsReason(line!, [latte()], groups)).toBeNull()
    expect(optionsReason(line!, [latte()], null)).toBeNull()
    expect(optionsReason(drink!, [horchata], groups)).toBeNull()
  })

  test('an option switched to Agotado, deleted, or its group taken off the product', () => {
    const soldOut = new Map(groups).set(1, { ...LECHE, options: LECHE.options.map((o) => (o.id === 103 ? { ...o, available: false } : o)) })
    expect(optionsReason(line!, [latte()], soldOut)).toBe('Ya no tenemos Almendra (Leche). Quítalo y elige otra opción.')
    const deleted = new Map(groups).set(1, { ...LECHE, options: LECHE.options.filter((o) => o.id !== 103) })
    expect(optionsReason(line!, [latte()], deleted)).toBe('Leche: Almendra ya no se ofrece. Quítalo y agrégalo de nuevo.')
    expect(optionsReason(line!, [latte({ optionGroupIds: [] })], groups)).toBe('Leche: Almendra ya no se ofrece. Quítalo y agrégalo de nuevo.')
  })

  test('the product now asks for a choice the line lacks', () => {
    const [plain] = addItem(emptyCart, { product: horchata, size: 'mediano' })
    expect(optionsReason(plain!, [{ ...horchata, optionGroupIds: [1] }], groups)).toBe('Elige una opción de Leche. Quítalo y agrégalo de nuevo.')
  })
})
