import { CircleCheck, Clock, ShoppingCart, Timer, Volume2, VolumeX, type LucideIcon } from 'lucide-react'
import { useId, useMemo, useState, type ReactNode } from 'react'
import type { Order } from '@/shared/schemas'
import { Badge } from '@/web/ui/badge'
import { Button } from '@/web/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/web/ui/card'
import { Sheet, SheetContent } from '@/web/ui/sheet'
import { Skeleton } from '@/web/ui/skeleton'
import { Switch } from '@/web/ui/switch'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/ui/tabs'
import { PageHeader } from '../../components/page-header'
import { EmptyState, QueryError } from '../../components/query-state'
import { isActive, orderCounters } from './order-board'
import { playNewOrderChime, unlockAudio, useMuted } from './order-cue'
import { OrderDetail } from './order-detail'
import { OrderList } from './order-list'
import { useLiveOrders } from './use-live-orders'

/** 'Todos' shows this many at first, then this many more per press. */
const PAGE_SIZE = 50

function SoundSwitch() {
  const id = useId()
  const [muted, setMuted] = useMuted()
  return (
    <div className="flex items-center gap-2 rounded-lg border border-border bg-card px-3 py-1.5">
      <label htmlFor={id} className="flex items-center gap-1.5 text-sm font-medium">
        {muted ? <VolumeX aria-hidden="true" className="size-4" /> : <Volume2 aria-hidden="true" className="size-4" />}
        Sonido
        <span className="sr-only"> de pedidos nuevos</span>
      </label>
      <Switch
        id={id}
        checked={!muted}
        onCheckedChange={(on) => {
          setMuted(!on)
          if (on) {
            // A tap is the gesture browsers require before a page may play sound: try it now.
            unlockAudio()
            playNewOrderChime()
          }
        }}
      />
    </div>
  )
}

/**
 * The spec's three counters. Three across even on a phone (compact there), so the list
 * of orders, what the owner is here for, starts high on the screen.
 */
function Counters({ items }: { items: { title: string; value: ReactNode; icon: LucideIcon }[] }) {
  return (
    <dl className="grid grid-cols-3 gap-2 sm:gap-4">
      {items.map(({ title, value, icon: Icon }) => (
        <Card key={title} className="flex flex-col justify-between gap-1 p-3 sm:p-5">
          <dt className="flex items-start justify-between gap-2 text-xs leading-tight font-semibold text-muted-foreground sm:text-sm">
            {title}
            <Icon aria-hidden="true" className="hidden size-4 shrink-0 text-primary sm:block" />
          </dt>
          <dd className="text-2xl font-bold text-foreground">{value}</dd>
        </Card>
      ))}
    </dl>
  )
}

/** Whether new orders will show up by themselves (the event stream is open). */
function LiveStatus({ live }: { live: boolean }) {
  return (
    <p role="status" className="flex items-center">
      {live ? <Badge variant="success">● En vivo</Badge> : <Badge variant="muted">Conectando…</Badge>}
    </p>
  )
}

function OrdersOrEmpty({ orders, all, fresh, onOpen, empty }: { orders: Order[]; all: number; fresh: ReadonlySet<number>; onOpen: (o: Order) => void; empty: string }) {
  const [shown, setShown] = useState(PAGE_SIZE)
  if (all === 0) return <EmptyState icon={<ShoppingCart aria-hidden="true" className="size-8" />}>No hay pedidos registrados</EmptyState>
  if (orders.length === 0) return <EmptyState icon={<CircleCheck aria-hidden="true" className="size-8" />}>{empty}</EmptyState>
  return (
    <div className="grid gap-3">
      <OrderList orders={orders.slice(0, shown)} fresh={fresh} onOpen={onOpen} />
      {orders.length > shown ? (
        <Button variant="outline" onClick={() => setShown((n) => n + PAGE_SIZE)}>
          Mostrar más ({orders.length - shown})
        </Button>
      ) : null}
    </div>
  )
}

/** The live orders board: counters, the list (active ones first tab), an order's detail with its next steps. */
export default function PedidosPage() {
  const { orders, live, fresh, markSeen } = useLiveOrders()
  // The order stays rendered while the sheet slides out; `sheetOpen` drives the sheet.
  const [openId, setOpenId] = useState<number | null>(null)
  const [sheetOpen, setSheetOpen] = useState(false)
  const list = orders.data ?? []
  const counters = useMemo(() => orderCounters(list), [list])
  const active = useMemo(() => list.filter(isActive), [list])
  const opened = openId === null ? undefined : list.find((o) => o.id === openId)

  const open = (order: Order) => {
    markSeen(order.id)
    setOpenId(order.id)
    setSheetOpen(true)
  }
  // Text, not a Skeleton: a <dd> holds phrasing content only.
  const counter = (value: number) => (orders.isPending ? '…' : orders.isError ? '—' : value)

  return (
    <div>
      <PageHeader title="Pedidos" description="Gestiona los pedidos de tus clientes" actions={
          <>
            <LiveStatus live={live} />
            <SoundSwitch />
          </>
        }
      />
      <Counters
        items={[
          { title: 'Pedidos Pendientes', value: counter(counters.pending), icon: Clock },
          { title: 'En Proceso', value: counter(counters.inProgress), icon: Timer },
          { title: 'Completados Hoy', value: counter(counters.completedToday), icon: CircleCheck },
        ]}
      />
      <Card className="mt-4 sm:mt-6">
        <CardHeader>
          <CardTitle as="h2">Lista de pedidos</CardTitle>
        </CardHeader>
        <CardContent>
          {orders.isPending ? (
            <div role="status" aria-label="Cargando pedidos" className="grid gap-2">
              <Skeleton className="h-20" />
              <Skeleton className="h-20" />
              <Skeleton className="h-20" />
            </div>
          ) : orders.isError ? (
            <QueryError title="No se pudieron cargar los pedidos" error={orders.error} onRetry={() => void orders.refetch()} />
          ) : (
            <Tabs defaultValue="activos">
              <TabsList>
                <TabsTrigger value="activos">Activos ({active.length})</TabsTrigger>
                <TabsTrigger value="todos">Todos ({list.length})</TabsTrigger>
              </TabsList>
              <TabsContent value="activos" className="mt-4">
                <OrdersOrEmpty orders={active} all={list.length} fresh={fresh} onOpen={open} empty="No hay pedidos activos" />
              </TabsContent>
              <TabsContent value="todos" className="mt-4">
                <OrdersOrEmpty orders={list} all={list.length} fresh={fresh} onOpen={open} empty="No hay pedidos registrados" />
              </TabsContent>
            </Tabs>
          )}
        </CardContent>
      </Card>

      <Sheet open={sheetOpen && opened !== undefined} onOpenChange={setSheetOpen}>
        <SheetContent className="gap-0">{opened ? <OrderDetail order={opened} /> : null}</SheetContent>
      </Sheet>
    </div>
  )
}
