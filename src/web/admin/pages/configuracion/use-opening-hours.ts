import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { OpeningHoursInput, OpeningHoursView } from '@/shared/schemas'
import { toast } from '@/web/ui/use-toast'
import { apiJson, serverMessage } from '../../lib/api'

/** GET /api/opening-hours (week null and updatedAt null while nothing was saved). */
export const OPENING_HOURS_KEY = ['/api/opening-hours'] as const

export function useOpeningHours() {
  return useQuery<OpeningHoursView>({ queryKey: OPENING_HOURS_KEY })
}

/** PUT /api/opening-hours; the answer replaces the cached document (the form restarts from it). */
export function useSaveOpeningHours() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: OpeningHoursInput) => apiJson<OpeningHoursView>('PUT', '/api/opening-hours', body),
    onSuccess: (saved) => {
      queryClient.setQueryData(OPENING_HOURS_KEY, saved)
      toast({ title: 'Horario guardado', description: 'La tienda ya sigue el nuevo horario.' })
    },
    onError: (error) => toast({ title: 'Error', description: serverMessage(error, 'No se pudo guardar el horario'), variant: 'destructive' }),
  })
}
