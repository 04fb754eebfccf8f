import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Option, OptionGroup } from '@/shared/options'
import { type OptionGroupData, optionGroupInputSchema } from '@/shared/schemas/option-group'
import { toast } from '@/web/ui/use-toast'
import { api, call, serverMessage } from '../../lib/api'
import { OPTION_GROUPS_KEY, PRODUCTS_KEY, optionGroupsQuery } from '../../lib/query-keys'

export const useOptionGroups = () => useQuery(optionGroupsQuery())

const fail = (error: unknown, fallback: string) => toast({ title: 'Error', description: serverMessage(error, fallback), variant: 'destructive' })

/**
 * Create, update and delete of option groups (admin). A write refreshes the groups and the
 * products (a product names its groups by id). A delete's failure is not toasted: the
 * confirmation shows the server's reason ('Lo usan 2 productos…', 409) where it was asked.
 */
export function useOptionGroupMutations() {
  const queryClient = useQueryClient()
  const refresh = () => Promise.all([OPTION_GROUPS_KEY, PRODUCTS_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })))

  const create = useMutation({
    mutationFn: (data: OptionGroupData) => call(api['option-groups'].post(optionGroupInputSchema.parse(data))),
    onSuccess: async () => {
      toast({ title: 'Grupo de opciones creado' })
      await refresh()
    },
    onError: (e) => fail(e, 'No se pudo crear el grupo de opciones'),
  })
  const update = useMutation({
    mutationFn: ({ id, data }: { id: number; data: OptionGroupData }) => call(api['option-groups']({ id }).put(optionGroupInputSchema.parse(data))),
    onSuccess: async () => {
      toast({ title: 'Grupo de opciones actualizado' })
      await refresh()
    },
    onError: (e) => fail(e, 'No se pudo actualizar el grupo de opciones'),
  })
  const remove = useMutation({
    mutationFn: (id: number) => call(api['option-groups']({ id }).delete()),
    onSuccess: async () => {
      toast({ title: 'Grupo de opciones eliminado' })
      await refresh()
    },
  })

  /** Create when id is null, else update. Resolves true on success (the dialog then closes). */
  async function save(id: number | null, data: OptionGroupData): Promise<boolean> {
    try {
      if (id === null) await create.mutateAsync(data)
      else await update.mutateAsync({ id, data })
      return true
    } catch {
      return false
    }
  }

  return { create, update, remove, save, saving: create.isPending || update.isPending }
}

/**
 * 'Agotado' or back for one option: the one change to option groups a 'Cocina / caja' account
 * may make (PATCH /api/option-groups/{id}/availability). The list is reread, whatever the answer's shape.
 */
export function useOptionAvailability() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ group, option, available }: { group: OptionGroup; option: Option; available: boolean }) =>
      call(api['option-groups']({ id: group.id }).availability.patch({ optionId: option.id, available })),
    onSuccess: async (_answer, { option, available }) => {
      toast({ title: available ? `${option.name}: disponible` : `${option.name}: agotado` })
      await queryClient.invalidateQueries({ queryKey: OPTION_GROUPS_KEY })
    },
    onError: (error) => fail(error, 'No se pudo cambiar la disponibilidad'),
  })
}
