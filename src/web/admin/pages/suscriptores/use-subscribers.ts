import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { formatDateTime } from '@/shared/date-time'
import { SUBSCRIBER_PAGE_DEFAULT, SUBSCRIBER_PAGE_MAX } from '@/shared/subscribers'
import { toast } from '@/web/ui/use-toast'
import { api, apiQuery, call, keyOf, serverMessage } from '../../lib/api'

export const PAGE_SIZE = SUBSCRIBER_PAGE_DEFAULT

/** One page of subscribers, newest first (the previous page stays on screen while the next loads). */
export const useSubscribers = (page: number) =>
  useQuery({
    ...apiQuery(api.subscribers, (n) => n.get({ query: { limit: PAGE_SIZE, offset: page * PAGE_SIZE, format: 'json' } }), { page }),
    placeholderData: keepPreviousData,
  })

/** Takes one address off the list; every page is read again. */
export function useDeleteSubscriber() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => call(api.subscribers({ id }).delete()),
    onSuccess: async () => {
      toast({ title: 'Suscriptor eliminado' })
      await queryClient.invalidateQueries({ queryKey: keyOf(api.subscribers) })
    },
    onError: (error) => toast({ title: 'Error', description: serverMessage(error, 'No se pudo eliminar el suscriptor'), variant: 'destructive' }),
  })
}

/** The whole list for a mailing tool, as one CSV download (up to the server's bound, newest first). */
export function subscribersCsvHref(): string {
  const query = new URLSearchParams({ limit: String(SUBSCRIBER_PAGE_MAX), offset: '0', format: 'csv' })
  return `${api.subscribers['~path']}?${query}`
}

/** "20 nov, 10:00": the admin's one way of writing a moment (shared/date-time.ts). */
export const formatConsentTime = (iso: string, now: Date = new Date()): string => formatDateTime(iso, now)
