import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { OrderSettings, OrderSettingsData } from '@/shared/schemas'
import { toast } from '@/web/ui/use-toast'
import { api, apiQuery, call, serverMessage } from '../../lib/api'

/** GET /api/order-settings: preparation time, scheduling and 'Más tiempo' (the board reads it too). */
export const orderSettingsQuery = () => apiQuery(api['order-settings'], (n) => n.get())
export const ORDER_SETTINGS_KEY = orderSettingsQuery().queryKey

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
