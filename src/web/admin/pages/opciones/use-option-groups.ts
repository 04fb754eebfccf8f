import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Option, OptionGroup } from '@/shared/options'
import { optionGroupInputSchema } from '@/shared/schemas/option-group'
import { toast } from '@/web/ui/use-toast'
import { api, call, serverMessage } from '../../lib/api'
import { OPTION_GROUPS_KEY, optionGroupsQuery } from '../../lib/query-keys'
import { useCrud } from '../../lib/use-crud'

export const useOptionGroups = () => useQuery(optionGroupsQuery())

const fail = (error: unknown, fallback: string) => toast({ title: 'Error', description: serverMessage(error, fallback), variant: 'destructive' })

/**
 * Create, update and delete of option groups (admin). A write refreshes the groups and the
 * products (a product names its groups by id). A delete's failure is not toasted: the
 * confirmation shows the server's reason ('Lo usan 2 productos…', 409) where it was asked.
 */
export function useOptionGroupMutations() {
  return useCrud({
    schema: optionGroupInputSchema,
    collection: api['option-groups'],
    alsoChanges: [api.products],
    create: (data) => api['option-groups'].post(data),
    update: (id, data) => api['option-groups']({ id }).put(data),
    remove: (id) => api['option-groups']({ id }).delete(),
    messages: {
      created: 'Grupo de opciones creado',
      updated: 'Grupo de opciones actualizado',
      deleted: 'Grupo de opciones eliminado',
      createFailed: 'No se pudo crear el grupo de opciones',
      updateFailed: 'No se pudo actualizar el grupo de opciones',
      deleteFailed: 'No se pudo eliminar el grupo de opciones',
    },
    serverMessages: true,
    deleteFailure: 'confirmation',
  })
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
