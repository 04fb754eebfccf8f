import { useQuery } from '@tanstack/react-query'
import type { SessionUser } from '@/shared/schemas'
import { getQueryFn } from './api'
import { USER_KEY } from './query-keys'

/** The signed-in user, null when signed out (401 -> null), never retried. */
export function useCurrentUser() {
  const query = useQuery<SessionUser | null>({
    queryKey: USER_KEY,
    queryFn: getQueryFn<SessionUser>({ on401: 'returnNull' }),
    retry: false,
  })
  return { user: query.data ?? null, isLoading: query.isLoading, error: query.error }
}
