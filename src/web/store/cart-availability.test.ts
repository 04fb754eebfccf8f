import { describe, expect, test } from 'bun:test'
import { addItem, emptyCart } from '../../shared/cart'
import { portionsReason, unavailableReason } from './cart-availability'
import { BASE, EXTRAS, horchata, plate, SAUCES } from './test/fixtures'

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
