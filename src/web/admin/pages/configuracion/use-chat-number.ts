import { useQuery } from '@tanstack/react-query'
import type { Setting } from '@/shared/schemas'
import { CHAT_NUMBER_KEY } from '../../lib/query-keys'

/** The saved chat number, or null while none was ever saved (404). */
export function useChatNumber() {
  return useQuery<string | null>({
    queryKey: CHAT_NUMBER_KEY,
    retry: false,
    queryFn: async () => {
      const res = await fetch(CHAT_NUMBER_KEY.join('/'), { credentials: 'include' })
      if (res.status === 404) return null
      if (!res.ok) throw new Error('Failed to fetch setting')
      const body = (await res.json()) as Partial<Setting>
      return typeof body.value === 'string' ? body.value : null
    },
  })
}
