import { ORDER_STATUS_LABELS, type OrderStatus } from '@/shared/order-status'
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

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge variant={VARIANTS[status] ?? 'outline'}>{ORDER_STATUS_LABELS[status] ?? status}</Badge>
}
