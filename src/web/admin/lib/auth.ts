import { useQuery } from '@tanstack/react-query'
import { ApiError, api, call } from './api'
import { USER_KEY } from './query-keys'

/** The signed-in user, null when signed out (401 -> null), never retried. */
export function useCurrentUser() {
  const query = useQuery({
    queryKey: USER_KEY,
    queryFn: () =>
      call(api.auth.user.get()).catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 401) return null
        throw error
      }),
    retry: false,
  })
  return { user: query.data ?? null, isLoading: query.isLoading, error: query.error }
}
