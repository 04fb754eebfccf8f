import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ApiKey, CreatedApiKey } from '@/shared/schemas'
import { toast } from '@/web/ui/use-toast'
import { apiJson } from '../../lib/api'
import { API_KEYS_KEY } from '../../lib/query-keys'

export function useApiKeys() {
  return useQuery<ApiKey[]>({ queryKey: API_KEYS_KEY })
}

export function useCreateApiKey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (name: string) => apiJson<CreatedApiKey>('POST', '/api/admin/api-keys', { name }),
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
    mutationFn: async (id: number) => {
      const res = await fetch(`/api/admin/api-keys/${id}`, { method: 'DELETE', credentials: 'include' })
      if (!res.ok) throw new Error('Failed to delete API key')
    },
    onSuccess: async () => {
      toast({ title: 'API Key eliminada' })
      await queryClient.invalidateQueries({ queryKey: API_KEYS_KEY })
    },
    onError: () => toast({ title: 'Error', description: 'No se pudo eliminar la API Key', variant: 'destructive' }),
  })
}
