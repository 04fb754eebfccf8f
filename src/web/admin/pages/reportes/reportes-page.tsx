import { BadgePercent, Clock, Download, Receipt, ShoppingCart, TrendingUp, Truck, XCircle } from 'lucide-react'
import { type ReactNode, useId, useState } from 'react'
import { formatQ } from '@/shared/money'
import { type ReportGroup, type SalesReport, confirmedRow, confirmedTotals } from '@/shared/reports'
import { buttonVariants } from '@/web/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/web/ui/card'
import { Chip, ChipGroup } from '@/web/ui/chip-group'
import { Input } from '@/web/ui/input'
import { Label } from '@/web/ui/label'
import { Skeleton } from '@/web/ui/skeleton'
import { cn } from '@/web/ui/cn'
import { PageHeader } from '../../components/page-header'
import { QueryError } from '../../components/query-state'
import { StatCard } from '../../components/stat-card'
import { type DayRange, PRESET_LABELS, PRESETS, type Preset, dayLabel, presetRange } from './report-range'
import { SalesChart } from './sales-chart'
import { csvHref, useSalesReport } from './use-sales-report'

/** Reportes: totals, sales per day and the tables per product, zone, payment and promotion, each exportable (decision 025). */
export default function ReportesPage() {
  const [preset, setPreset] = useState<Preset>('semana')
  const [custom, setCustom] = useState<DayRange>(() => presetRange('mes'))
  const range = preset === 'personalizado' ? custom : presetRange(preset)
  const valid = range.from <= range.to
  const byDay = useSalesReport(range, 'day')

  return (
    <div>
      <PageHeader title="Reportes" description="Cada pedido cuenta el día para el que es (hora de Guatemala). Lo que aún no confirmas va aparte." />
      <RangePicker preset={preset} onPreset={setPreset} custom={custom} onCustom={setCustom} />
      {!valid ? (
        <p role="alert" className="text-sm font-medium text-destructive">La fecha final debe ser igual o posterior a la inicial.</p>
      ) : (
        <>
          <Totals report={byDay.data} loading={byDay.isPending} />
          <Card className="mt-4">
            <CardHeader className="flex-row items-center justify-between gap-2">
              <CardTitle as="h2">Ventas por día</CardTitle>
              <CsvLink range={range} groupBy="day" />
            </CardHeader>
            <CardContent>
              {byDay.isPending ? <Skeleton className="h-48" /> : byDay.isError ? <QueryError error={byDay.error} onRetry={() => void byDay.refetch()} /> : <SalesChart rows={byDay.data.rows} />}
            </CardContent>
          </Card>
          {/* grid-cols-1 (minmax(0, 1fr)): a wide table scrolls inside its card instead of widening the page. */}
          <div className="mt-4 grid grid-cols-1 gap-4 lg:grid-cols-2">
            <GroupTable title="Por producto" range={range} groupBy="product" className="lg:col-span-2" />
            <GroupTable title="Por zona" range={range} groupBy="zone" />
            <GroupTable title="Por forma de pago" range={range} groupBy="payment" />
            <GroupTable title="Por promoción" range={range} groupBy="promotion" className="lg:col-span-2" />
          </div>
        </>
      )}
    </div>
  )
}

function RangePicker({ preset, onPreset, custom, onCustom }: { preset: Preset; onPreset: (p: Preset) => void; custom: DayRange; onCustom: (r: DayRange) => void }) {
  const id = useId()
  return (
    <div className="mb-4 flex flex-col gap-3">
      <ChipGroup label="Periodo" className="flex-wrap">
        {PRESETS.map((p) => (
          <Chip key={p} checked={p === preset} onClick={() => onPreset(p)}>
            {PRESET_LABELS[p]}
          </Chip>
        ))}
      </ChipGroup>
      {preset === 'personalizado' && (
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-from`}>Desde</Label>
            <Input id={`${id}-from`} type="date" className="w-44" value={custom.from} onChange={(e) => e.target.value && onCustom({ ...custom, from: e.target.value })} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-to`}>Hasta</Label>
            <Input id={`${id}-to`} type="date" className="w-44" value={custom.to} onChange={(e) => e.target.value && onCustom({ ...custom, to: e.target.value })} />
          </div>
        </div>
      )}
    </div>
  )
}

const orderCount = (n: number) => `${n} ${n === 1 ? 'pedido' : 'pedidos'}`

/** Both rows of cards share these columns, so a card is as wide in either. */
const CARD_GRID = 'grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-5'

/**
 * The totals in two rows, each read on one basis said once in its heading (issue #40: 'Ventas —
 * Confirmadas' sat beside 'Envíos — Con los por confirmar'): what was confirmed ('Ventas' and
 * every figure about those orders, their fees included), then, apart, what does not add to the
 * sales: what still waits to be confirmed and what was cancelled.
 */
function Totals({ report, loading }: { report: SalesReport | undefined; loading: boolean }) {
  const t = report?.totals
  const sold = t ? confirmedTotals(t) : undefined
  const show = (value: string | number | undefined) => (loading ? '…' : value ?? '—')
  return (
    <div className="grid gap-4" data-testid="report-totals">
      <TotalsRow heading="Confirmados" id="totals-confirmed">
        <StatCard as="h3" title="Ventas" value={show(sold && formatQ(sold.revenue))} icon={TrendingUp} note="Envíos incluidos, descuentos ya restados" />
        <StatCard as="h3" title="Pedidos" value={show(sold?.orders)} icon={ShoppingCart} />
        <StatCard as="h3" title="Ticket promedio" value={show(sold && formatQ(sold.averageTicket))} icon={Receipt} />
        <StatCard as="h3" title="Envíos" value={show(sold && formatQ(sold.deliveryFees))} icon={Truck} note="Parte de las ventas" />
        <StatCard as="h3" title="Descuentos" value={show(sold && formatQ(sold.discounts))} icon={BadgePercent} note="De promociones" />
      </TotalsRow>
      <TotalsRow heading="Aparte: no suman en las ventas" id="totals-apart">
        <StatCard as="h3" title="Por confirmar" value={show(t && formatQ(t.pending.revenue))} icon={Clock} note={t ? `${orderCount(t.pending.orders)} sin confirmar` : undefined} />
        <StatCard as="h3" title="Cancelados" value={show(t?.cancelled)} icon={XCircle} />
      </TotalsRow>
    </div>
  )
}

function TotalsRow({ heading, id, children }: { heading: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} data-basis className="grid gap-2">
      <h2 id={id} data-basis-heading className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
        {heading}
      </h2>
      <div className={CARD_GRID}>{children}</div>
    </section>
  )
}

function CsvLink({ range, groupBy }: { range: DayRange; groupBy: ReportGroup }) {
  return (
    <a href={csvHref(range, groupBy)} download className={buttonVariants({ variant: 'outline', size: 'sm' })}>
      <Download aria-hidden="true" /> CSV
    </a>
  )
}

function GroupTable({ title, range, groupBy, className }: { title: string; range: DayRange; groupBy: ReportGroup; className?: string }) {
  const report = useSalesReport(range, groupBy)
  return (
    <Card className={cn('min-w-0', className)}>
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle as="h2">{title}</CardTitle>
        <CsvLink range={range} groupBy={groupBy} />
      </CardHeader>
      <CardContent>
        {report.isPending ? (
          <Skeleton className="h-32" />
        ) : report.isError ? (
          <QueryError error={report.error} onRetry={() => void report.refetch()} />
        ) : report.data.rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">{groupBy === 'promotion' ? 'Ninguna promoción usada en este periodo' : 'Sin ventas en este periodo'}</p>
        ) : (
          <SalesTable rows={report.data.rows} groupBy={groupBy} />
        )}
      </CardContent>
    </Card>
  )
}

const cell = 'whitespace-nowrap py-2 pl-2 text-right tabular-nums sm:pl-3'
/** A name that is one long word still wraps, instead of pushing the figures out of a phone's view. */
const WRAP_ANYWHERE = { overflowWrap: 'anywhere' } as const
const head = 'py-2 pl-2 text-right font-semibold sm:pl-3'

/**
 * One group per row: what was confirmed, and what still waits in a column of its own when
 * there is any. On a phone the names wrap, a product's order count gives way to its quantity
 * and what waits goes under the sales figure, so every figure is in view; a table still wider
 * (huge figures) scrolls inside its card, never the page. Per promotion: its uses and what it
 * took off beside the sales of its orders.
 */
function SalesTable({ rows, groupBy }: { rows: SalesReport['rows']; groupBy: ReportGroup }) {
  const waiting = rows.some((r) => r.pending.orders > 0)
  const products = groupBy === 'product'
  const promotions = groupBy === 'promotion'
  return (
    <div className="-mx-5 overflow-x-auto px-5" data-testid="report-table-scroller">
      <table className="w-full text-sm">
        <thead>
          <tr className="border-b border-border text-left text-muted-foreground">
            <th scope="col" className="py-2 font-semibold">{groupBy === 'day' ? 'Día' : 'Nombre'}</th>
            <th scope="col" className={cn(head, (products || promotions) && 'hidden sm:table-cell')}>Pedidos</th>
            {products && <th scope="col" className={head}>Cantidad</th>}
            {promotions && <th scope="col" className={head}>Usos</th>}
            {promotions && <th scope="col" className={head}>Descuento</th>}
            <th scope="col" className={head}>Ventas</th>
            {waiting && <th scope="col" className={cn(head, 'hidden sm:table-cell')}>Por confirmar</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const sold = confirmedRow(row)
            return (
              <tr key={row.key} className="border-b border-border last:border-0">
                <th scope="row" className="min-w-28 py-2 text-left font-medium" style={WRAP_ANYWHERE}>{groupBy === 'day' ? dayLabel(row.key) : row.label}</th>
                <td className={cn(cell, (products || promotions) && 'hidden sm:table-cell')}>{sold.orders}</td>
                {(products || promotions) && <td className={cell}>{sold.quantity}</td>}
                {promotions && <td className={cell}>{formatQ(sold.discounts ?? 0)}</td>}
                <td className={cn(cell, 'font-semibold')}>
                  {formatQ(sold.revenue)}
                  {row.pending.orders ? <span className="block whitespace-normal text-xs font-normal text-muted-foreground sm:hidden">+{formatQ(row.pending.revenue)} por confirmar</span> : null}
                </td>
                {waiting && <td className={cn(cell, 'hidden text-muted-foreground sm:table-cell')}>{row.pending.orders ? formatQ(row.pending.revenue) : '—'}</td>}
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
