import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { DEFAULT_TICKET_WIDTH, type TicketWidth, isTicketWidth } from '@/shared/schemas'
import { toast } from '@/web/ui/use-toast'
import { api, call, keyOf, serverMessage } from '../../lib/api'

/** GET /api/settings/ticket_width's place in the cache (the path by segments, like every admin read). */
export const TICKET_WIDTH_KEY = keyOf(api.settings({ key: 'ticket_width' }))

// The server answers 58 or 80 (80 while never saved), as a string like every setting.
const asWidth = (value: string): TicketWidth => (isTicketWidth(value) ? value : DEFAULT_TICKET_WIDTH)

/** 'Ancho del ticket': the kitchen printer's paper, 58 or 80 mm. */
export const useTicketWidth = () =>
  useQuery({
    queryKey: TICKET_WIDTH_KEY,
    queryFn: () => call(api.settings({ key: 'ticket_width' }).get()).then((setting) => asWidth(setting.value)),
  })

/** PATCH /api/settings/ticket_width (administrators only), with the toasts of every Configuración card. */
export function useSaveTicketWidth() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (value: TicketWidth) => call(api.settings.ticket_width.patch({ value })),
    onSuccess: (saved) => {
      queryClient.setQueryData(TICKET_WIDTH_KEY, asWidth(saved.value))
      toast({ title: 'Configuración guardada', description: `Los tickets de cocina se imprimen a ${saved.value} mm` })
    },
    onError: (error) => toast({ title: 'Error', description: serverMessage(error, 'No se pudo guardar la configuración'), variant: 'destructive' }),
  })
}
