import { type UseQueryResult, useQueryClient } from '@tanstack/react-query'
import { CalendarClock, CircleCheck, Clock, Printer, ShoppingCart, Timer, Volume2, VolumeX, type LucideIcon } from 'lucide-react'
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { scheduledLabel } from '@/shared/order-slots'
import { type BoardCounts, ORDER_PAGE_MAX, boardCounts } from '@/shared/order-list'
import type { Order } from '@/shared/schemas'
import { Badge } from '@/web/ui/badge'
import { Button } from '@/web/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/web/ui/card'
import { Input } from '@/web/ui/input'
import { Label } from '@/web/ui/label'
import { Sheet, SheetContent } from '@/web/ui/sheet'
import { Skeleton } from '@/web/ui/skeleton'
import { Switch } from '@/web/ui/switch'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/ui/tabs'
import { PageHeader } from '../../components/page-header'
import { EmptyState, QueryError } from '../../components/query-state'
import type { OrderDays } from '../../lib/query-keys'
import { toast } from '@/web/ui/use-toast'
import { storeToday } from './order-board'
import { setAutoPrint, setReprintChanged, useAutoPrint, useReprintChanged } from './print-ticket'
import { RushControl } from './rush-control'
import { TablePanel } from './table-panel'
import { playNewOrderChime, unlockAudio, useMuted } from './order-cue'
import { OrderDetail } from './order-detail'
import { OrderList } from './order-list'
import { seedOrder, useActiveOrders, useOrder, useOrderHistory, useOrderSummary } from './order-queries'
import { useBoardSplit } from './use-board-split'
import { useLiveOrders } from './use-live-orders'
import { AvisosBar } from './avisos-bar'
import { useRinging } from './use-ringing'
import { useOrderFromLink } from './use-order-from-link'

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
            void unlockAudio()
            playNewOrderChime()
          }
        }}
      />
    </div>
  )
}

/**
 * 'Imprimir pedidos nuevos automáticamente': this device prints each new order's ticket once.
 * Once on, the owner may also choose 'Volver a imprimir los pedidos modificados' (issue #34,
 * off by default): a changed order prints again, marked 'MODIFICADO'.
 */
function AutoPrintSwitch() {
  const id = useId()
  const reprintId = useId()
  const on = useAutoPrint()
  const reprint = useReprintChanged()
  return (
    <div className="grid gap-1 rounded-lg border border-border bg-card px-3 py-1.5">
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={id} className="flex items-center gap-1.5 text-sm font-medium">
          <Printer aria-hidden="true" className="size-4" />
          Imprimir pedidos nuevos automáticamente
        </label>
        <Switch id={id} checked={on} onCheckedChange={setAutoPrint} />
      </div>
      {on ? (
        <div className="flex items-center justify-between gap-2 border-t border-border pt-1">
          <label htmlFor={reprintId} className="pl-5.5 text-sm">
            Volver a imprimir los pedidos modificados
          </label>
          <Switch id={reprintId} checked={reprint} onCheckedChange={setReprintChanged} />
        </div>
      ) : null}
    </div>
  )
}

/**
 * An order for later that becomes due while the board is open gets the new order's cue:
 * a toast and the chime (decision 024). Orders already due when the board opened do not.
 */
function useDueCue(upcoming: readonly Order[], active: readonly Order[]) {
  const waiting = useRef<Set<number> | null>(null)
  useEffect(() => {
    const before = waiting.current
    waiting.current = new Set(upcoming.map((o) => o.id))
    if (!before) return
    for (const order of active) {
      if (!before.has(order.id) || !order.scheduledFor) continue
      playNewOrderChime()
      toast({ title: `Pedido programado #${order.number}`, description: `Para ${scheduledLabel(order.scheduledFor, new Date())}: es hora de prepararlo` })
    }
  }, [upcoming, active])
}

/**
 * The spec's three counters, each over what its tab holds (orders for later are counted under
 * 'Programados'). Three across even on a phone (compact there), so the list of orders, what
 * the owner is here for, starts high on the screen.
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

function Loading() {
  return (
    <div role="status" aria-label="Cargando pedidos" className="grid gap-2">
      <Skeleton className="h-20" />
      <Skeleton className="h-20" />
      <Skeleton className="h-20" />
    </div>
  )
}

type ListProps = { fresh: ReadonlySet<number>; onOpen: (o: Order) => void }

/** 'Activos': every order still being worked on (the server sends ORDER_PAGE_MAX at most). */
function ActiveOrders({ query, orders, noneEver, ...list }: ListProps & { query: UseQueryResult<Order[]>; orders: Order[]; noneEver: boolean }) {
  if (query.isPending) return <Loading />
  if (query.isError) return <QueryError title="No se pudieron cargar los pedidos" error={query.error} onRetry={() => void query.refetch()} />
  if (orders.length === 0) {
    return noneEver ? (
      <EmptyState icon={<ShoppingCart aria-hidden="true" className="size-8" />}>No hay pedidos registrados</EmptyState>
    ) : (
      <EmptyState icon={<CircleCheck aria-hidden="true" className="size-8" />}>No hay pedidos activos</EmptyState>
    )
  }
  return (
    <div className="grid gap-3">
      <OrderList orders={orders} {...list} />
      {query.data.length >= ORDER_PAGE_MAX ? <p className="text-sm text-muted-foreground">Se muestran los {ORDER_PAGE_MAX} pedidos activos más recientes.</p> : null}
    </div>
  )
}

/** The day picker of 'Todos': one restaurant day, or every day when empty. */
function DayPicker({ day, onDay }: { day: string; onDay: (day: string) => void }) {
  const id = useId()
  return (
    <div className="mb-4 flex flex-wrap items-end gap-2">
      <div className="grid gap-1.5">
        <Label htmlFor={id}>Día</Label>
        <Input id={id} type="date" className="w-44" value={day} max={storeToday()} onChange={(e) => onDay(e.target.value)} />
      </div>
      {day ? (
        <Button variant="outline" onClick={() => onDay('')}>
          Todos los días
        </Button>
      ) : null}
    </div>
  )
}

/**
 * 'Todos': every order, newest first, a page at a time ('Mostrar más' reads the page before
 * the last order shown). Mounted only while its tab shows, so only then do live events refetch
 * its first page.
 */
function AllOrders({ day, onDay, ...list }: ListProps & { day: string; onDay: (day: string) => void }) {
  const days: OrderDays = day ? { from: day, to: day } : {}
  const { history, loadMore, loadingMore } = useOrderHistory(days)
  return (
    <>
      <DayPicker day={day} onDay={onDay} />
      {history.isPending ? (
        <Loading />
      ) : history.isError ? (
        <QueryError title="No se pudieron cargar los pedidos" error={history.error} onRetry={() => void history.refetch()} />
      ) : history.data.orders.length === 0 ? (
        <EmptyState icon={<ShoppingCart aria-hidden="true" className="size-8" />}>{day ? 'No hay pedidos ese día' : 'No hay pedidos registrados'}</EmptyState>
      ) : (
        <div className="grid gap-3">
          <OrderList orders={history.data.orders} {...list} />
          {history.data.more ? (
            <Button variant="outline" disabled={loadingMore} onClick={loadMore}>
              {loadingMore ? 'Cargando…' : 'Mostrar más'}
            </Button>
          ) : null}
        </div>
      )}
    </>
  )
}

/**
 * The tabs as chips that wrap: every label whole ('Todos (5)'), on a phone too, where three
 * labels with their counts do not fit one row and a track would hide the last behind a scroll.
 */
const TAB_CHIPS = 'h-auto flex-wrap justify-start gap-2 bg-transparent p-0'
const TAB_CHIP = 'border border-border bg-card data-[state=active]:border-primary'

/** The live orders board: counters, the list (active ones first tab), an order's detail with its next steps. */
export default function PedidosPage() {
  const queryClient = useQueryClient()
  const { live, fresh, markSeen, calls, attend } = useLiveOrders()
  const summary = useOrderSummary()
  const active = useActiveOrders()
  const [day, setDay] = useState('')
  // The order stays rendered while the sheet slides out; `sheetOpen` drives the sheet (and its order's refetch on events).
  const [openNumber, setOpenNumber] = useState<number | null>(null)
  const [sheetOpen, setSheetOpen] = useState(false)
  const opened = useOrder(openNumber, sheetOpen)
  const { now, active: activeOrders, upcoming } = useBoardSplit(active.data)
  useDueCue(upcoming, activeOrders)
  // Rings until someone answers (issue #43): pending and due now, neither confirmed nor cancelled.
  const waiting = activeOrders.filter((o) => o.status === 'pending').length
  useRinging(waiting)

  const open = (order: Order) => {
    markSeen(order.id)
    // The sheet reads the order by its number, whichever list it was tapped in.
    seedOrder(queryClient, order)
    setOpenNumber(order.number)
    setSheetOpen(true)
  }
  // A push's click opens /admin/pedidos?pedido=42: that order's sheet.
  useOrderFromLink((number) => {
    setOpenNumber(number)
    setSheetOpen(true)
  })
  // Text, not a Skeleton: a <dd> holds phrasing content only.
  const counter = (value: (c: BoardCounts) => number) => (summary.isPending ? '…' : summary.isError ? '—' : value(boardCounts(summary.data)))

  return (
    <div>
      <PageHeader title="Pedidos" description="Gestiona los pedidos de tus clientes" actions={
          <>
            <LiveStatus live={live} />
            <SoundSwitch />
            <AutoPrintSwitch />
            <RushControl now={now} />
          </>
        }
      />
      <AvisosBar ringing={waiting > 0} />
      <Counters
        items={[
          { title: 'Pedidos Pendientes', value: counter((c) => c.pending), icon: Clock },
          { title: 'En Proceso', value: counter((c) => c.inProgress), icon: Timer },
          { title: 'Completados Hoy', value: counter((c) => c.completedToday), icon: CircleCheck },
        ]}
      />
      <TablePanel orders={activeOrders} calls={calls} onAttend={attend} onOpen={open} />
      <Card className="mt-4 sm:mt-6">
        <CardHeader>
          <CardTitle as="h2">Lista de pedidos</CardTitle>
        </CardHeader>
        <CardContent>
          <Tabs defaultValue="activos">
            <TabsList className={TAB_CHIPS}>
              <TabsTrigger value="activos" className={TAB_CHIP}>
                {active.data ? `Activos (${activeOrders.length})` : 'Activos'}
              </TabsTrigger>
              <TabsTrigger value="programados" className={TAB_CHIP}>
                {active.data ? `Programados (${upcoming.length})` : 'Programados'}
              </TabsTrigger>
              <TabsTrigger value="todos" className={TAB_CHIP}>
                {summary.data ? `Todos (${summary.data.total})` : 'Todos'}
              </TabsTrigger>
            </TabsList>
            <TabsContent value="activos" className="mt-4">
              <ActiveOrders query={active} orders={activeOrders} noneEver={summary.data?.total === 0} fresh={fresh} onOpen={open} />
            </TabsContent>
            <TabsContent value="programados" className="mt-4">
              {upcoming.length === 0 ? (
                <EmptyState icon={<CalendarClock aria-hidden="true" className="size-8" />}>No hay pedidos programados</EmptyState>
              ) : (
                <OrderList orders={upcoming} fresh={fresh} onOpen={open} />
              )}
            </TabsContent>
            <TabsContent value="todos" className="mt-4">
              <AllOrders day={day} onDay={setDay} fresh={fresh} onOpen={open} />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>

      <Sheet open={sheetOpen && opened !== undefined} onOpenChange={setSheetOpen}>
        <SheetContent className="gap-0">{opened ? <OrderDetail order={opened} /> : null}</SheetContent>
      </Sheet>
    </div>
  )
}
