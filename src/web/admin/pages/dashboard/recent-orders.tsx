import type { UseQueryResult } from '@tanstack/react-query'
import { Link } from 'react-router'
import { formatDateTime } from '@/shared/date-time'
import { formatQ } from '@/shared/money'
import type { Order } from '@/shared/schemas'
import { buttonVariants } from '@/web/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/web/ui/card'
import { Skeleton } from '@/web/ui/skeleton'
import { QueryError } from '../../components/query-state'
import { customerText } from '../pedidos/order-board'
import { OrderStatusBadge } from '../pedidos/order-status-badge'

/** How many of the newest orders the dashboard reads (GET /api/orders?limit=5 answers newest first, the one place that order is decided). */
export const RECENT_ORDERS = 5

export function RecentOrders({ query }: { query: UseQueryResult<Order[]> }) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle as="h2">Pedidos recientes</CardTitle>
        <Link to="/admin/pedidos" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
          Ver pedidos
        </Link>
      </CardHeader>
      <CardContent>
        {query.isLoading ? (
          <div className="grid gap-2">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : query.isError ? (
          <QueryError error={query.error} onRetry={() => void query.refetch()} />
        ) : (query.data ?? []).length === 0 ? (
          <p className="py-6 text-center text-muted-foreground">No hay pedidos aún</p>
        ) : (
          <ul aria-label="Pedidos recientes" className="divide-y divide-border">
            {(query.data ?? []).map((order) => (
              <li key={order.id} className="flex items-center justify-between gap-3 py-2">
                <div className="min-w-0">
                  <p className="truncate font-medium">{customerText(order)}</p>
                  <p className="text-xs text-muted-foreground">
                    #{order.number} · {formatDateTime(order.createdAt)}
                  </p>
                </div>
                <div className="flex shrink-0 items-center gap-2">
                  <OrderStatusBadge status={order.status} fulfilment={order.fulfilment} />
                  <span className="font-semibold">{formatQ(order.total)}</span>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
