import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Timer } from 'lucide-react'
import { RUSH_STEPS, preparationAt } from '@/shared/order-slots'
import { clockTime } from '@/shared/tracking'
import { Button } from '@/web/ui/button'
import { toast } from '@/web/ui/use-toast'
import { api, call, serverMessage } from '../../lib/api'
import { ORDER_SETTINGS_KEY, orderSettingsQuery } from '../../lib/query-keys'

/**
 * 'Más tiempo' (decision 024): in a rush the kitchen adds 10, 20 or 30 minutes to the
 * preparation time for the next hour; the storefront's estimate and its first available
 * time move at once. 'Quitar' ends it early.
 */
export function RushControl({ now }: { now: Date }) {
  const queryClient = useQueryClient()
  const settings = useQuery(orderSettingsQuery())
  const rush = useMutation({
    mutationFn: (extraMinutes: number) => call(api['order-settings'].rush.put({ extraMinutes })),
    onSuccess: (saved) => {
      queryClient.setQueryData(ORDER_SETTINGS_KEY, saved)
      toast({ title: saved.rush ? `Preparación: ${preparationAt(saved, new Date())} min hasta las ${clockTime(saved.rush.until)}` : 'Tiempo de preparación normal' })
    },
    onError: (error) => toast({ title: 'Error', description: serverMessage(error, 'No se pudo cambiar el tiempo'), variant: 'destructive' }),
  })
  if (!settings.data) return null
  const active = settings.data.rush && Date.parse(settings.data.rush.until) > now.getTime() ? settings.data.rush : null
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-lg border border-border bg-card px-3 py-1.5" role="group" aria-label="Más tiempo">
      <span className="flex items-center gap-1.5 text-sm font-medium" data-testid="preparation-time">
        <Timer aria-hidden="true" className="size-4" />
        {preparationAt(settings.data, now)} min{active ? ` hasta las ${clockTime(active.until)}` : ''}
      </span>
      {RUSH_STEPS.map((m) => (
        <Button key={m} variant={active?.extraMinutes === m ? 'default' : 'outline'} size="sm" disabled={rush.isPending} onClick={() => rush.mutate(m)} aria-label={`Más tiempo: ${m} minutos`}>
          +{m}
        </Button>
      ))}
      {active ? (
        <Button variant="ghost" size="sm" disabled={rush.isPending} onClick={() => rush.mutate(0)}>
          Quitar
        </Button>
      ) : null}
    </div>
  )
}
