import { Download, MessageCircle, Search, UserCheck, UserPlus, Users } from 'lucide-react'
import { useDeferredValue, useState } from 'react'
import { whatsappLink } from '@/shared/chat-link'
import { DEFAULT_NAME } from '@/shared/store-profile'
import { useStoreProfile } from '../../lib/use-store-profile'
import type { Customer } from '@/shared/customers'
import { formatDateTime } from '@/shared/date-time'
import { formatQ } from '@/shared/money'
import { formatPhone } from '@/shared/phone'
import { Button, buttonVariants } from '@/web/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/web/ui/card'
import { Input } from '@/web/ui/input'
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/web/ui/sheet'
import { Skeleton } from '@/web/ui/skeleton'
import { PageHeader } from '../../components/page-header'
import { EmptyState, QueryError } from '../../components/query-state'
import { StatCard } from '../../components/stat-card'
import { OrderStatusBadge } from '../pedidos/order-status-badge'
import { PAGE_SIZE, customersCsvHref, useCustomerOrders, useCustomerSummary, useCustomers } from './use-customers'

/** Clientes: the customers made from the orders by their WhatsApp number (decision 025). */
export default function ClientesPage() {
  const summary = useCustomerSummary()
  const [typed, setTyped] = useState('')
  const search = useDeferredValue(typed.trim())
  const [page, setPage] = useState(0)
  const customers = useCustomers(search, page)
  const [open, setOpen] = useState<Customer | null>(null)
  const count = (value: number | undefined) => (summary.isPending ? '…' : summary.isError ? '—' : (value ?? 0))
  const rows = customers.data ?? []

  return (
    <div>
      <PageHeader title="Clientes" description="Información de tus clientes" />
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard title="Total Clientes" value={count(summary.data?.total)} icon={Users} />
        <StatCard title="Nuevos Este Mes" value={count(summary.data?.newThisMonth)} icon={UserPlus} />
        <StatCard title="Clientes Activos" value={count(summary.data?.active)} icon={UserCheck} note="Pidieron en los últimos 30 días" />
      </div>
      <Card className="mt-6">
        <CardHeader className="gap-3 sm:flex-row sm:items-center sm:justify-between">
          <CardTitle as="h2">Lista de clientes</CardTitle>
          <div className="flex gap-2">
            <div className="relative min-w-0 flex-1 sm:flex-none">
              <Search aria-hidden="true" className="absolute top-2.5 left-2.5 size-4 text-muted-foreground" />
              {/* The placeholder is short enough to be read whole on a phone; the magnifier says "search". */}
              <Input
                type="search"
                aria-label="Buscar por nombre o número"
                placeholder="Nombre o número"
                className="w-full pl-8 sm:w-72"
                value={typed}
                onChange={(e) => {
                  setTyped(e.target.value)
                  setPage(0)
                }}
              />
            </div>
            <a href={customersCsvHref(search, page)} download className={buttonVariants({ variant: 'outline' })}>
              <Download aria-hidden="true" /> CSV
            </a>
          </div>
        </CardHeader>
        <CardContent>
          {customers.isPending ? (
            <Skeleton className="h-40" />
          ) : customers.isError ? (
            <QueryError error={customers.error} onRetry={() => void customers.refetch()} />
          ) : rows.length === 0 ? (
            <EmptyState icon={<Users aria-hidden="true" className="size-8" />}>{search ? 'Ningún cliente coincide con la búsqueda' : 'No hay clientes registrados'}</EmptyState>
          ) : (
            <>
              <ul aria-label="Clientes" className="divide-y divide-border">
                {rows.map((c) => (
                  <li key={c.phone}>
                    <button type="button" onClick={() => setOpen(c)} className="grid w-full cursor-pointer grid-cols-[1fr_auto] gap-x-3 gap-y-0.5 py-3 text-left hover:bg-accent/40">
                      <span className="truncate font-semibold">{c.name ?? 'Sin nombre'}</span>{' '}
                      <span className="text-right font-semibold tabular-nums">{formatQ(c.totalSpent)}</span>{' '}
                      <span className="text-sm text-muted-foreground">
                        {formatPhone(c.phone)} · {c.orders} {c.orders === 1 ? 'pedido' : 'pedidos'}
                      </span>{' '}
                      <span className="text-right text-sm text-muted-foreground">Último: {formatDateTime(c.lastOrderAt)}</span>
                    </button>
                  </li>
                ))}
              </ul>
              <div className="mt-3 flex items-center justify-between gap-2">
                <Button variant="outline" size="sm" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
                  Anterior
                </Button>
                <span className="text-sm text-muted-foreground">Página {page + 1}</span>
                <Button variant="outline" size="sm" disabled={rows.length < PAGE_SIZE} onClick={() => setPage((p) => p + 1)}>
                  Siguiente
                </Button>
              </div>
            </>
          )}
        </CardContent>
      </Card>
      <Sheet open={open !== null} onOpenChange={(next) => !next && setOpen(null)}>
        <SheetContent>{open ? <CustomerDetail customer={open} /> : null}</SheetContent>
      </Sheet>
    </div>
  )
}

function CustomerDetail({ customer }: { customer: Customer }) {
  const restaurantName = useStoreProfile().data?.name ?? DEFAULT_NAME
  const orders = useCustomerOrders(customer.phone)
  return (
    <>
      <SheetHeader>
        <SheetTitle>{customer.name ?? 'Sin nombre'}</SheetTitle>
        <SheetDescription>
          {formatPhone(customer.phone)} · {customer.orders} {customer.orders === 1 ? 'pedido' : 'pedidos'} · {formatQ(customer.totalSpent)}
        </SheetDescription>
      </SheetHeader>
      <div className="flex flex-col gap-3 overflow-y-auto px-4 pb-4">
        <a href={whatsappLink(customer.phone, `Hola${customer.name ? ` ${customer.name}` : ''}, te escribimos de ${restaurantName}.`)} target="_blank" rel="noopener noreferrer" className={buttonVariants({ variant: 'success' })}>
          <MessageCircle aria-hidden="true" /> Escribir por WhatsApp
        </a>
        <h3 className="text-sm font-semibold text-muted-foreground">Pedidos</h3>
        {orders.isPending ? (
          <Skeleton className="h-24" />
        ) : orders.isError ? (
          <QueryError error={orders.error} onRetry={() => void orders.refetch()} />
        ) : (
          <ul className="divide-y divide-border" aria-label="Pedidos del cliente">
            {orders.data.map((o) => (
              <li key={o.id} className="flex items-center justify-between gap-2 py-2">
                <span>
                  <span className="font-semibold">#{o.number}</span> <span className="text-sm text-muted-foreground">{formatDateTime(o.createdAt)}</span>
                </span>
                <span className="flex items-center gap-2">
                  <OrderStatusBadge status={o.status} fulfilment={o.fulfilment} />
                  <span className="font-semibold tabular-nums">{formatQ(o.total)}</span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  )
}
