import { useQuery } from '@tanstack/react-query'
import type { Ingredient, IngredientInput } from '@/shared/schemas'
import { INGREDIENTS_KEY, invalidateIngredients, invalidateProducts } from '../../lib/query-keys'
import { useCrud } from '../../lib/use-crud'

export function useIngredients() {
  return useQuery<Ingredient[]>({ queryKey: INGREDIENTS_KEY })
}

export function useIngredientMutations() {
  return useCrud<IngredientInput, Ingredient>({
    base: '/api/ingredients',
    // The server also drops a deleted ingredient's id from every product, so products refresh too.
    invalidate: async (qc) => {
      await Promise.all([invalidateIngredients(qc), invalidateProducts(qc)])
    },
    messages: {
      created: 'Ingrediente creado',
      updated: 'Ingrediente actualizado',
      deleted: 'Ingrediente eliminado',
      createFailed: 'No se pudo crear el ingrediente',
      updateFailed: 'No se pudo actualizar el ingrediente',
      deleteFailed: 'No se pudo eliminar el ingrediente',
    },
  })
}
