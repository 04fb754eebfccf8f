import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type Promotion, type PromotionData, type PromotionInput, promotionInputSchema } from '@/shared/schemas/promotion'
import { toast } from '@/web/ui/use-toast'
import { api, apiQuery, call, keyOf, serverMessage } from '../../lib/api'
import { useCrud } from '../../lib/use-crud'

/** GET /api/promotions (admin): every promotion with its uses. */
export const promotionsQuery = () => apiQuery(api.promotions, (n) => n.get())
export const PROMOTIONS_KEY = keyOf(api.promotions)

export const usePromotions = () => useQuery(promotionsQuery())

/** A promotion as the input schema takes it back (the list's extra fields left out), with `change` applied. */
export function inputOf(p: Promotion, change: Partial<PromotionInput> = {}): PromotionData {
  const { id: _id, ...fields } = p
  return promotionInputSchema.parse({ ...fields, ...change })
}

/**
 * Create, update, pause/activate and delete. A write refreshes the list. A delete's failure
 * is shown in its confirmation (where it was asked), not toasted; a save's in a toast, the
 * dialog staying open with what was typed (a duplicate code: 'Ya existe una promoción con el código MARTES').
 */
export function usePromotionMutations() {
  const queryClient = useQueryClient()
  const crud = useCrud({
    schema: promotionInputSchema,
    collection: api.promotions,
    create: (data) => api.promotions.post(data),
    update: (id, data) => api.promotions({ id }).put(data),
    remove: (id) => api.promotions({ id }).delete(),
    messages: {
      created: 'Promoción creada',
      updated: 'Promoción actualizada',
      deleted: 'Promoción eliminada',
      createFailed: 'No se pudo crear la promoción',
      updateFailed: 'No se pudo actualizar la promoción',
      deleteFailed: 'No se pudo eliminar la promoción',
    },
    serverMessages: true,
    deleteFailure: 'confirmation',
  })
  /** 'Pausar' / 'Activar': the promotion as it is, `active` flipped. */
  const setActive = useMutation({
    mutationFn: ({ promotion, active }: { promotion: Promotion; active: boolean }) => call(api.promotions({ id: promotion.id }).put(inputOf(promotion, { active }))),
    onSuccess: async (_saved, { promotion, active }) => {
      toast({ title: active ? `${promotion.name}: activa` : `${promotion.name}: en pausa` })
      await queryClient.invalidateQueries({ queryKey: PROMOTIONS_KEY })
    },
    onError: (e) => toast({ title: 'Error', description: serverMessage(e, 'No se pudo cambiar la promoción'), variant: 'destructive' }),
  })

  return { ...crud, setActive }
}
