import { formatQ } from '@/shared/money'
import { scheduledLabel } from '@/shared/order-slots'
import type { Order } from '@/shared/schemas'
import { Badge } from '@/web/ui/badge'
import { cn } from '@/web/ui/cn'
import { customerText, formatOrderTime, fulfilmentText } from './order-board'
import { OrderStatusBadge } from './order-status-badge'

type Props = {
  orders: readonly Order[]
  /** Orders that arrived while the board was open and were not opened yet. */
  fresh: ReadonlySet<number>
  onOpen: (order: Order) => void
  now?: Date
}

/** The orders as the server sent them (newest first); each row opens the order's detail. */
export function OrderList({ orders, fresh, onOpen, now }: Props) {
  return (
    <ul aria-label="Pedidos" className="grid grid-cols-1 gap-2 lg:grid-cols-2">
      {orders.map((order) => {
        const isNew = fresh.has(order.id)
        return (
          <li key={order.id}>
            {/* No aria-label: the name is what the card shows (WCAG label in name), spaced by the {' '}s. */}
            <button
              type="button"
              onClick={() => onOpen(order)}
              className={cn(
                'grid w-full cursor-pointer grid-cols-1 gap-1 rounded-lg border border-border bg-card p-3 text-left transition-colors hover:bg-accent/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                isNew && 'border-primary ring-2 ring-primary/30',
              )}
            >
              <span className="flex items-center justify-between gap-2">
                <span className="flex min-w-0 items-baseline gap-2">
                  <span className="font-bold">
                    <span className="sr-only">Pedido </span>#{order.number}
                  </span>{' '}
                  <time dateTime={order.createdAt} className="text-sm text-muted-foreground">
                    {formatOrderTime(order.createdAt, now)}
                  </time>{' '}
                  {isNew ? <Badge variant="default">Nuevo</Badge> : null}
                  {/* Changed after it was placed (issue #34): the kitchen's paper may be the old one. */}
                  {order.changes.length > 0 ? <Badge variant="secondary">Modificado</Badge> : null}
                </span>{' '}
                <OrderStatusBadge status={order.status} fulfilment={order.fulfilment} />
              </span>{' '}
              <span className="flex items-baseline justify-between gap-2">
                <span className="truncate font-medium">{customerText(order)}</span>{' '}
                <span className="shrink-0 font-semibold">{formatQ(order.total)}</span>
              </span>{' '}
              <span className="flex items-center justify-between gap-2 text-sm text-muted-foreground">
                <span className="truncate">{fulfilmentText(order)}</span>{' '}
                {order.scheduledFor ? (
                  <Badge variant="secondary" data-testid="scheduled-badge">
                    Para {scheduledLabel(order.scheduledFor, now ?? new Date())}
                  </Badge>
                ) : null}
              </span>
            </button>
          </li>
        )
      })}
    </ul>
  )
}
