/**
 * Ingredients for the customisation drawer, fetched from the public API the
 * first time the drawer opens and kept for the life of the page (the menu only
 * changes when an administrator edits it).
 */
import { useEffect, useState } from 'react'
import type { Cart } from '../../shared/cart'
import type { Ingredient, IngredientType } from '../../shared/schemas/ingredient'

export type IngredientsByType = Record<IngredientType, Ingredient[]>

const TYPES: IngredientType[] = ['salsa', 'base', 'extra']

let pending: Promise<IngredientsByType> | null = null

async function fetchType(type: IngredientType): Promise<Ingredient[]> {
  const res = await fetch(`/api/ingredients/type/${type}`, { credentials: 'include' })
  if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`)
  const list: unknown = await res.json()
  if (!Array.isArray(list)) throw new Error('Respuesta inesperada')
  return (list as Ingredient[]).filter((i) => i.available !== false)
}

/** One request per type, shared by every caller; a failure is forgotten so a retry can refetch. */
export function loadIngredients(): Promise<IngredientsByType> {
  pending ??= Promise.all(TYPES.map(fetchType))
    .then(([salsa = [], base = [], extra = []]) => ({ salsa, base, extra }))
    .catch((error: unknown) => {
      pending = null
      throw error
    })
  return pending
}

/** Whether a cart stored before lines kept their sauce id needs the ids by name first (sauceIdByName). */
export const lacksSauceIds = (cart: Cart): boolean => cart.some((line) => line.customization?.sauce && line.customization.sauceId === null)

/**
 * Sauce ids by name, for carts stored before the cart kept the id: the checkout sends ids.
 * A name no longer offered gives null (the server then records the line without a sauce).
 */
export async function sauceIdByName(): Promise<(name: string) => number | null> {
  try {
    const { salsa } = await loadIngredients()
    return (name) => salsa.find((sauce) => sauce.name === name)?.id ?? null
  } catch {
    return () => null
  }
}

type IngredientsState =
  | { status: 'loading' }
  | { status: 'error'; retry: () => void }
  | { status: 'ready'; data: IngredientsByType }

export function useIngredients(enabled: boolean): IngredientsState {
  const [state, setState] = useState<IngredientsState>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    if (!enabled) return
    let live = true
    loadIngredients().then(
      (data) => live && setState({ status: 'ready', data }),
      () => live && setState({ status: 'error', retry: () => { setState({ status: 'loading' }); setAttempt((n) => n + 1) } }),
    )
    return () => {
      live = false
    }
  }, [enabled, attempt])

  return state
}
