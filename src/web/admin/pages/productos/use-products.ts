import { useQuery } from '@tanstack/react-query'
import { compareMenuOrder } from '@/shared/menu'
import type { Product, ProductInput } from '@/shared/schemas'
import { invalidateProducts, PRODUCTS_KEY } from '../../lib/query-keys'
import { useCrud } from '../../lib/use-crud'

export function useProducts() {
  return useQuery<Product[]>({ queryKey: PRODUCTS_KEY })
}

export function useProductMutations() {
  return useCrud<ProductInput, Product>({
    base: '/api/products',
    invalidate: invalidateProducts,
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
