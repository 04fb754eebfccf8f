import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from '@/web/ui/use-toast'
import { compareMenuOrder } from '@/shared/menu'
import { type Product, productInputSchema } from '@/shared/schemas'
import { api, call, serverMessage } from '../../lib/api'
import { PRODUCTS_KEY, menuRemainingQuery, productsQuery } from '../../lib/query-keys'
import { useCrud } from '../../lib/use-crud'

export const useProducts = () => useQuery(productsQuery())

/**
 * Portions left today of the dishes limited per day, as the storefront shows them: asked on
 * every visit, again every half minute and when the owner comes back to the tab (orders come
 * in from the storefront meanwhile).
 */
export const useRemaining = () => useQuery({ ...menuRemainingQuery(), refetchInterval: 30_000, refetchOnWindowFocus: true, refetchOnMount: 'always' })

export function useProductMutations() {
  return useCrud({
    schema: productInputSchema,
    collection: api.products,
    // A dish's portions per day may change: what is left follows.
    alsoChanges: [api.menu.remaining],
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

/** 'Agotado' or back on the menu: the one product change every account may make (Cocina / caja included). */
export function useProductAvailability() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, available }: { id: number; available: boolean }) => call(api.products({ id }).availability.patch({ available })),
    onSuccess: (product) => {
      void queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY })
      toast({ title: product.available ? `${product.name}: disponible` : `${product.name}: agotado` })
    },
    onError: (error) => toast({ title: 'Error', description: serverMessage(error, 'No se pudo cambiar la disponibilidad'), variant: 'destructive' }),
  })
}

/** The menu order (shared/menu.ts), as the landing page shows it. */
export function sortProducts(products: Product[]): Product[] {
  return [...products].sort(compareMenuOrder)
}
