import { useQuery } from '@tanstack/react-query'
import { compareMenuOrder } from '@/shared/menu'
import { type Product, productInputSchema } from '@/shared/schemas'
import { api } from '../../lib/api'
import { productsQuery } from '../../lib/query-keys'
import { useCrud } from '../../lib/use-crud'

export const useProducts = () => useQuery(productsQuery())

export function useProductMutations() {
  return useCrud({
    schema: productInputSchema,
    collection: api.products,
    create: (data) => api.products.post(data),
    update: (id, data) => api.products({ id }).put(data),
    remove: (id) => api.products({ id }).delete(),
    messages: {
      created: 'Producto creado',
      updated: 'Producto actualizado',
      deleted: 'Producto eliminado',
      createFailed: 'No se pudo crear el producto',
      updateFailed: 'No se pudo actualizar el producto',
      deleteFailed: 'No se pudo eliminar el producto',
    },
  })
}

/** The menu order (shared/menu.ts), as the landing page shows it. */
export function sortProducts(products: Product[]): Product[] {
  return [...products].sort(compareMenuOrder)
}
