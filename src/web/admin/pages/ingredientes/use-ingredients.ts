import { useQuery } from '@tanstack/react-query'
import { ingredientInputSchema } from '@/shared/schemas'
import { api } from '../../lib/api'
import { ingredientsQuery } from '../../lib/query-keys'
import { useCrud } from '../../lib/use-crud'

export const useIngredients = () => useQuery(ingredientsQuery())

export function useIngredientMutations() {
  return useCrud({
    schema: ingredientInputSchema,
    collection: api.ingredients,
    // The server also drops a deleted ingredient's id from every product, so products refresh too.
    alsoChanges: [api.products],
    create: (data) => api.ingredients.post(data),
    update: (id, data) => api.ingredients({ id }).put(data),
    remove: (id) => api.ingredients({ id }).delete(),
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
