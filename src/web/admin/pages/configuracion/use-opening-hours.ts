import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type OpeningHoursInput, openingHoursInputSchema } from '@/shared/schemas'
import { toast } from '@/web/ui/use-toast'
import { api, call, serverMessage } from '../../lib/api'
import { OPENING_HOURS_KEY, openingHoursQuery } from '../../lib/query-keys'

/** GET /api/opening-hours (week null and updatedAt null while nothing was saved). */
export const useOpeningHours = () => useQuery(openingHoursQuery())

/** PUT /api/opening-hours; the answer replaces the cached document (the form restarts from it). */
export function useSaveOpeningHours() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: OpeningHoursInput) => call(api['opening-hours'].put(openingHoursInputSchema.parse(body))),
    onSuccess: (saved) => {
      queryClient.setQueryData(OPENING_HOURS_KEY, saved)
      toast({ title: 'Horario guardado', description: 'La tienda ya sigue el nuevo horario.' })
    },
    onError: (error) => toast({ title: 'Error', description: serverMessage(error, 'No se pudo guardar el horario'), variant: 'destructive' }),
  })
}
