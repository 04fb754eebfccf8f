import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from '@/web/ui/use-toast'
import { api, call } from '../../lib/api'
import { API_KEYS_KEY, apiKeysQuery } from '../../lib/query-keys'

export const useApiKeys = () => useQuery(apiKeysQuery())

export function useCreateApiKey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (name: string) => call(api.admin['api-keys'].post({ name })),
    onSuccess: async () => {
      toast({ title: 'API Key creada', description: 'Copia la key ahora: no podrás verla de nuevo.' })
      await queryClient.invalidateQueries({ queryKey: API_KEYS_KEY })
    },
    onError: () => toast({ title: 'Error', description: 'No se pudo crear la API Key', variant: 'destructive' }),
  })
}

export function useDeleteApiKey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => call(api.admin['api-keys']({ id }).delete()),
    onSuccess: async () => {
      toast({ title: 'API Key eliminada' })
      await queryClient.invalidateQueries({ queryKey: API_KEYS_KEY })
    },
    onError: () => toast({ title: 'Error', description: 'No se pudo eliminar la API Key', variant: 'destructive' }),
  })
}
