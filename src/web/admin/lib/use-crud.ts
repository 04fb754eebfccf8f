import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { toast } from '@/web/ui/use-toast'
import { type ApiResult, call, keyOf, serverMessage } from './api'

type Messages = {
  created: string
  updated: string
  deleted: string
  createFailed: string
  updateFailed: string
  deleteFailed: string
}

/**
 * One admin resource (products, ingredients, zones, option groups, promotions): its shared
 * schema, its calls through the typed client, and what a write refreshes.
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
  /** Failure toasts give the server's own message when it sends one ('Ya existe una promoción con el código MARTES'), `messages` otherwise. */
  serverMessages?: boolean
  /**
   * 'confirmation': a failed delete is not toasted; the page shows `deleteError` in the
   * confirmation, where it was asked (a 409 'Lo usan 2 productos…' says what to do first).
   */
  deleteFailure?: 'toast' | 'confirmation'
}

/** Create / update / delete of one resource with the specification's toasts. */
export function useCrud<S extends z.ZodType, TEntity extends { id: number }>(resource: Resource<S, TEntity>) {
  const queryClient = useQueryClient()
  const { messages } = resource
  const describe = (error: unknown, fallback: string) => (resource.serverMessages ? serverMessage(error, fallback) : fallback)
  const fail = (error: unknown, fallback: string) => toast({ title: 'Error', description: describe(error, fallback), variant: 'destructive' })
  const refresh = () =>
    Promise.all([resource.collection, ...(resource.alsoChanges ?? [])].map((node) => queryClient.invalidateQueries({ queryKey: keyOf(node) })))

  const create = useMutation({
    mutationFn: (input: z.input<S>) => call(resource.create(resource.schema.parse(input))),
    onSuccess: async () => {
      toast({ title: messages.created })
      await refresh()
    },
    onError: (error) => fail(error, messages.createFailed),
  })

  const update = useMutation({
    mutationFn: ({ id, input }: { id: number; input: z.input<S> }) => call(resource.update(id, resource.schema.parse(input))),
    onSuccess: async () => {
      toast({ title: messages.updated })
      await refresh()
    },
    onError: (error) => fail(error, messages.updateFailed),
  })

  const remove = useMutation({
    mutationFn: (id: number) => call(resource.remove(id)),
    onSuccess: async () => {
      toast({ title: messages.deleted })
      await refresh()
    },
    onError: (error) => {
      if (resource.deleteFailure !== 'confirmation') fail(error, messages.deleteFailed)
    },
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

  /** Why the last delete failed, for its confirmation; null when it did not. */
  const deleteError = remove.isError ? describe(remove.error, messages.deleteFailed) : null

  return { create, update, remove, save, saving: create.isPending || update.isPending, deleteError }
}
