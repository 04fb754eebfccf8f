import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { toast } from '@/web/ui/use-toast'
import { type ApiResult, call, keyOf } from './api'

type Messages = {
  created: string
  updated: string
  deleted: string
  createFailed: string
  updateFailed: string
  deleteFailed: string
}

/**
 * One admin resource (products, ingredients, zones): its shared schema, its calls
 * through the typed client, and what a write refreshes.
 */
export type Resource<S extends z.ZodType, TEntity> = {
  /** The shared input schema: what a form gives is parsed by it before it is sent (the server parses it again). */
  schema: S
  /** The collection's node (`api.products`): every read below its path is refreshed after a write. */
  collection: { '~path': string }
  /** Other paths a write changes (a deleted ingredient leaves every product's lists). */
  alsoChanges?: { '~path': string }[]
  create: (data: z.output<S>) => Promise<ApiResult<TEntity>>
  update: (id: number, data: z.output<S>) => Promise<ApiResult<TEntity>>
  remove: (id: number) => Promise<ApiResult<unknown>>
  messages: Messages
}

/** Create / update / delete of one resource with the specification's toasts. */
export function useCrud<S extends z.ZodType, TEntity extends { id: number }>(resource: Resource<S, TEntity>) {
  const queryClient = useQueryClient()
  const { messages } = resource
  const fail = (description: string) => toast({ title: 'Error', description, variant: 'destructive' })
  const refresh = () =>
    Promise.all([resource.collection, ...(resource.alsoChanges ?? [])].map((node) => queryClient.invalidateQueries({ queryKey: keyOf(node) })))

  const create = useMutation({
    mutationFn: (input: z.input<S>) => call(resource.create(resource.schema.parse(input))),
    onSuccess: async () => {
      toast({ title: messages.created })
      await refresh()
    },
    onError: () => fail(messages.createFailed),
  })

  const update = useMutation({
    mutationFn: ({ id, input }: { id: number; input: z.input<S> }) => call(resource.update(id, resource.schema.parse(input))),
    onSuccess: async () => {
      toast({ title: messages.updated })
      await refresh()
    },
    onError: () => fail(messages.updateFailed),
  })

  const remove = useMutation({
    mutationFn: (id: number) => call(resource.remove(id)),
    onSuccess: async () => {
      toast({ title: messages.deleted })
      await refresh()
    },
    onError: () => fail(messages.deleteFailed),
  })

  /** Create when id is null, else update. Resolves true on success. */
  async function save(id: number | null, input: z.input<S>): Promise<boolean> {
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
