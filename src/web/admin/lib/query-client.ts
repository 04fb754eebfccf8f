import { QueryClient } from '@tanstack/react-query'

/** Spec defaults: data never stale, no refetch on focus, no polling, no retries. Every read brings its own fetch (query-keys.ts). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchInterval: false,
        refetchOnWindowFocus: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  })
}
