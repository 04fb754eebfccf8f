import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { toast } from '@/web/ui/use-toast'
import { apiJson, apiRequest } from './api'

type Messages = {
  created: string
  updated: string
  deleted: string
  createFailed: string
  updateFailed: string
  deleteFailed: string
}

type Options = {
  /** Collection path, e.g. '/api/coverage-zones'. */
  base: string
  messages: Messages
  invalidate: (qc: QueryClient) => Promise<void>
}

/** Create / update / delete mutations of one resource with the spec's toasts. */
export function useCrud<TInput, TEntity extends { id: number }>({ base, messages, invalidate }: Options) {
  const queryClient = useQueryClient()
  const fail = (description: string) => toast({ title: 'Error', description, variant: 'destructive' })

  const create = useMutation({
    mutationFn: (input: TInput) => apiJson<TEntity>('POST', base, input),
    onSuccess: async () => {
      toast({ title: messages.created })
      await invalidate(queryClient)
    },
    onError: () => fail(messages.createFailed),
  })

  const update = useMutation({
    mutationFn: ({ id, input }: { id: number; input: TInput }) => apiJson<TEntity>('PUT', `${base}/${id}`, input),
    onSuccess: async () => {
      toast({ title: messages.updated })
      await invalidate(queryClient)
    },
    onError: () => fail(messages.updateFailed),
  })

  const remove = useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `${base}/${id}`),
    onSuccess: async () => {
      toast({ title: messages.deleted })
      await invalidate(queryClient)
    },
    onError: () => fail(messages.deleteFailed),
  })

  /** Create when id is null, else update. Resolves true on success. */
  async function save(id: number | null, input: TInput): Promise<boolean> {
    try {
      if (id === null) await create.mutateAsync(input)
      else await update.mutateAsync({ id, input })
      return true
    } catch {
      return false
    }
  }

  return { create, update, remove, save, saving: create.isPending || update.isPending }
}
