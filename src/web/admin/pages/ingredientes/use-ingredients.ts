import { useQuery } from '@tanstack/react-query'
import type { Ingredient, IngredientInput } from '@/shared/schemas'
import { INGREDIENTS_KEY, invalidateIngredients } from '../../lib/invalidate'
import { useCrud } from '../../lib/use-crud'

export function useIngredients() {
  return useQuery<Ingredient[]>({ queryKey: INGREDIENTS_KEY })
}

export function useIngredientMutations() {
  return useCrud<IngredientInput, Ingredient>({
    base: '/api/ingredients',
    invalidate: invalidateIngredients,
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
