import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type Category, type CategoryInput, categoryInputSchema, categoryUpdateSchema } from '@/shared/schemas/category'
import { toast } from '@/web/ui/use-toast'
import { api, call, keyOf, serverMessage } from '../../lib/api'
import { categoriesQuery } from '../../lib/query-keys'

export const useCategories = () => useQuery(categoriesQuery())

const fail = (error: unknown, fallback: string) => toast({ title: 'Error', description: serverMessage(error, fallback), variant: 'destructive' })

/** The body of PUT /api/categories/{slug}: a category as it is, with `change` applied. */
const updateOf = (c: Category, change: Partial<CategoryInput> = {}) =>
  categoryUpdateSchema.parse({ name: c.name, description: c.description, displayOrder: c.displayOrder, visible: c.visible, windows: c.windows, whenUnavailable: c.whenUnavailable, ...change })

/** Create, update (rename, hide, windows), reorder and delete; each refreshes the categories and the products. */
export function useCategoryMutations() {
  const queryClient = useQueryClient()
  const refresh = () => Promise.all([keyOf(api.categories), keyOf(api.products)].map((queryKey) => queryClient.invalidateQueries({ queryKey })))

  const create = useMutation({
    mutationFn: (input: CategoryInput) => call(api.categories.post(categoryInputSchema.parse(input))),
    onSuccess: async () => {
      toast({ title: 'Categoría creada' })
      await refresh()
    },
    onError: (e) => fail(e, 'No se pudo crear la categoría'),
  })
  const update = useMutation({
    mutationFn: ({ category, change }: { category: Category; change: Partial<CategoryInput> }) =>
      call(api.categories({ slug: category.slug }).put(updateOf(category, change))),
    onSuccess: async () => {
      toast({ title: 'Categoría actualizada' })
      await refresh()
    },
    onError: (e) => fail(e, 'No se pudo actualizar la categoría'),
  })
  /** Moves `slug` one place up or down: the list is renumbered 0, 1, 2… and the changed ones are saved. */
  const move = useMutation({
    mutationFn: async ({ list, slug, by }: { list: Category[]; slug: string; by: -1 | 1 }) => {
      const from = list.findIndex((c) => c.slug === slug)
      const to = from + by
      if (from < 0 || to < 0 || to >= list.length) return
      const next = [...list]
      const [moved] = next.splice(from, 1)
      if (!moved) return
      next.splice(to, 0, moved)
      for (const [i, c] of next.entries()) {
        if (c.displayOrder !== i) await call(api.categories({ slug: c.slug }).put(updateOf(c, { displayOrder: i })))
      }
    },
    onSuccess: async () => {
      toast({ title: 'Orden actualizado' })
      await refresh()
    },
    onError: (e) => fail(e, 'No se pudo cambiar el orden'),
  })
  const remove = useMutation({
    mutationFn: (slug: string) => call(api.categories({ slug }).delete()),
    onSuccess: async () => {
      toast({ title: 'Categoría eliminada' })
      await refresh()
    },
    onError: (e) => fail(e, 'No se pudo eliminar la categoría'),
  })
  return { create, update, move, remove }
}
