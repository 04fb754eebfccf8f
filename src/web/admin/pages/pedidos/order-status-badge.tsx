import type { OrderFulfilment } from '@/shared/checkout'
import { type OrderStatus, statusLabel } from '@/shared/order-status'
import { Badge } from '@/web/ui/badge'

type Variant = 'default' | 'secondary' | 'success' | 'destructive' | 'muted' | 'outline'

/** Red for what waits on the kitchen, yellow while it is being made, green when it can go, grey once done. */
const VARIANTS: Record<OrderStatus, Variant> = {
  pending: 'default',
  confirmed: 'outline',
  preparing: 'secondary',
  ready: 'success',
  delivered: 'muted',
  cancelled: 'destructive',
}

/** The status in the words the customer's page uses too ('En camino' for a delivery on its way). */
export function OrderStatusBadge({ status, fulfilment }: { status: OrderStatus; fulfilment: OrderFulfilment | null }) {
  return <Badge variant={VARIANTS[status] ?? 'outline'}>{statusLabel(status, fulfilment)}</Badge>
}
