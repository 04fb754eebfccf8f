import { useQuery } from '@tanstack/react-query'
import { BadgePercent, Plus } from 'lucide-react'
import { useMemo, useState } from 'react'
import type { Promotion, PromotionData, PromotionWithUses } from '@/shared/schemas/promotion'
import { Button } from '@/web/ui/button'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { Loading } from '../../components/loading'
import { PageHeader } from '../../components/page-header'
import { EmptyState, QueryError } from '../../components/query-state'
import { categoriesQuery, productsQuery } from '../../lib/query-keys'
import { PromotionCard } from './promotion-card'
import { PromotionDialog } from './promotion-dialog'
import { namesOf, restaurantToday, usesText } from './promotion-text'
import { usePromotionMutations, usePromotions } from './use-promotions'

/**
 * Promociones (issue #33, admin only): codes ('MARTES') and automatic promotions, newest
 * first, each with its words as the customer reads them, its uses ('3 de 50 usos'), its state
 * (Activa / En pausa / Vencida…), 'Pausar' / 'Activar', and for a code its link to copy into a
 * chat, its QR and its poster (/admin/cartel?codigo=MARTES).
 */
export default function PromocionesPage() {
  const promotions = usePromotions()
  const categories = useQuery(categoriesQuery())
  const products = useQuery(productsQuery())
  const crud = usePromotionMutations()
  const [dialog, setDialog] = useState<{ open: boolean; promotion: Promotion | null }>({ open: false, promotion: null })
  const [toDelete, setToDelete] = useState<PromotionWithUses | null>(null)
  const names = useMemo(() => namesOf(categories.data ?? [], products.data ?? []), [categories.data, products.data])
  const list = [...(promotions.data ?? [])].sort((a, b) => b.id - a.id)
  const today = restaurantToday()
  // The build prerenders every screen without a window (scripts/build-client.ts).
  const origin = typeof window === 'undefined' ? '' : window.location.origin

  async function submit(data: PromotionData) {
    if (await crud.save(dialog.promotion?.id ?? null, data)) setDialog((d) => ({ ...d, open: false }))
  }

  return (
    <div>
      <PageHeader
        title="Promociones"
        description="Códigos para compartir por WhatsApp y promociones que se aplican solas"
        actions={
          <Button onClick={() => setDialog({ open: true, promotion: null })}>
            <Plus aria-hidden="true" />
            Agregar Promoción
          </Button>
        }
      />
      {promotions.isLoading ? (
        <Loading text="Cargando promociones..." />
      ) : promotions.isError ? (
        <QueryError error={promotions.error} onRetry={() => void promotions.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState icon={<BadgePercent aria-hidden="true" className="size-8" />}>
          No hay promociones. Crea la primera, por ejemplo el código MARTES con 2x1 en bebidas.
        </EmptyState>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2" aria-label="Promociones">
          {list.map((p) => (
            <li key={p.id} data-testid="promotion-card" data-code={p.code ?? ''}>
              <PromotionCard
                promotion={p}
                names={names}
                today={today}
                origin={origin}
                toggling={crud.setActive.isPending && crud.setActive.variables?.promotion.id === p.id}
                deleting={crud.remove.isPending && crud.remove.variables === p.id}
                onToggle={() => crud.setActive.mutate({ promotion: p, active: !p.active })}
                onEdit={() => setDialog({ open: true, promotion: p })}
                onDelete={() => {
                  crud.remove.reset()
                  setToDelete(p)
                }}
              />
            </li>
          ))}
        </ul>
      )}
      <PromotionDialog
        open={dialog.open}
        promotion={dialog.promotion}
        categories={categories.data ?? []}
        products={products.data ?? []}
        saving={crud.saving}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        onSubmit={submit}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null)
        }}
        title={`Eliminar ${toDelete?.name ?? 'promoción'}`}
        description={
          toDelete && toDelete.uses > 0
            ? `Lleva ${usesText(toDelete)}. Esos pedidos conservan su descuento y siguen en los reportes. Si solo quieres detenerla, usa Pausar.`
            : 'Deja de aplicarse y su código deja de existir para los clientes.'
        }
        error={crud.deleteError}
        confirmLabel={crud.remove.isPending ? 'Eliminando...' : 'Eliminar'}
        busy={crud.remove.isPending}
        onConfirm={() => {
          if (toDelete) crud.remove.mutate(toDelete.id, { onSuccess: () => setToDelete(null) })
        }}
      />
    </div>
  )
}
