import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type Promotion, type PromotionData, type PromotionInput, promotionInputSchema } from '@/shared/schemas/promotion'
import { toast } from '@/web/ui/use-toast'
import { api, apiQuery, call, keyOf, serverMessage } from '../../lib/api'

/** GET /api/promotions (admin): every promotion with its uses. */
export const promotionsQuery = () => apiQuery(api.promotions, (n) => n.get())
export const PROMOTIONS_KEY = keyOf(api.promotions)

export const usePromotions = () => useQuery(promotionsQuery())

const fail = (error: unknown, fallback: string) => toast({ title: 'Error', description: serverMessage(error, fallback), variant: 'destructive' })

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
  const refresh = () => queryClient.invalidateQueries({ queryKey: PROMOTIONS_KEY })

  const create = useMutation({
    mutationFn: (data: PromotionData) => call(api.promotions.post(data)),
    onSuccess: async () => {
      toast({ title: 'Promoción creada' })
      await refresh()
    },
    onError: (e) => fail(e, 'No se pudo crear la promoción'),
  })
  const update = useMutation({
    mutationFn: ({ id, data }: { id: number; data: PromotionData }) => call(api.promotions({ id }).put(data)),
    onSuccess: async () => {
      toast({ title: 'Promoción actualizada' })
      await refresh()
    },
    onError: (e) => fail(e, 'No se pudo actualizar la promoción'),
  })
  /** 'Pausar' / 'Activar': the promotion as it is, `active` flipped. */
  const setActive = useMutation({
    mutationFn: ({ promotion, active }: { promotion: Promotion; active: boolean }) => call(api.promotions({ id: promotion.id }).put(inputOf(promotion, { active }))),
    onSuccess: async (_saved, { promotion, active }) => {
      toast({ title: active ? `${promotion.name}: activa` : `${promotion.name}: en pausa` })
      await refresh()
    },
    onError: (e) => fail(e, 'No se pudo cambiar la promoción'),
  })
  const remove = useMutation({
    mutationFn: (id: number) => call(api.promotions({ id }).delete()),
    onSuccess: async () => {
      toast({ title: 'Promoción eliminada' })
      await refresh()
    },
  })

  /** Create when id is null, else update. Resolves true on success (the dialog then closes). */
  async function save(id: number | null, data: PromotionData): Promise<boolean> {
    try {
      if (id === null) await create.mutateAsync(data)
      else await update.mutateAsync({ id, data })
      return true
    } catch {
      return false
    }
  }

  return { create, update, setActive, remove, save, saving: create.isPending || update.isPending }
}
