import { useQuery } from '@tanstack/react-query'
import { ApiError, api, call } from '../../lib/api'
import { CHAT_NUMBER_KEY } from '../../lib/query-keys'

/** The saved chat number (the configured default while none was saved), or null if the server has none (404). */
export function useChatNumber() {
  return useQuery({
    queryKey: CHAT_NUMBER_KEY,
    retry: false,
    queryFn: () =>
      call(api.settings({ key: 'whatsapp_number' }).get()).then(
        (setting) => setting.value,
        (error: unknown) => {
          if (error instanceof ApiError && error.status === 404) return null
          throw error
        },
      ),
  })
}
