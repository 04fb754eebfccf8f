import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { OrderSettings, OrderSettingsData } from '@/shared/schemas'
import { toast } from '@/web/ui/use-toast'
import { api, call, serverMessage } from '../../lib/api'
import { ORDER_SETTINGS_KEY, orderSettingsQuery } from '../../lib/query-keys'

export const useOrderSettings = () => useQuery(orderSettingsQuery())

/** PUT /api/order-settings, with the toasts of every Configuración card. */
export function useSaveOrderSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (data: OrderSettingsData) => call(api['order-settings'].put(data)),
    onSuccess: (saved: OrderSettings) => {
      queryClient.setQueryData(ORDER_SETTINGS_KEY, saved)
      toast({ title: 'Configuración guardada', description: 'Los pedidos programados se actualizaron correctamente' })
    },
    onError: (error) => toast({ title: 'Error', description: serverMessage(error, 'No se pudo guardar la configuración'), variant: 'destructive' }),
  })
}
