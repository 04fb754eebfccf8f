import { Download, Receipt, ShoppingCart, TrendingUp, Truck, XCircle } from 'lucide-react'
import { useId, useState } from 'react'
import { formatQ } from '@/shared/money'
import type { ReportGroup, SalesReport } from '@/shared/reports'
import { buttonVariants } from '@/web/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/web/ui/card'
import { Chip, ChipGroup } from '@/web/ui/chip-group'
import { Input } from '@/web/ui/input'
import { Label } from '@/web/ui/label'
import { Skeleton } from '@/web/ui/skeleton'
import { PageHeader } from '../../components/page-header'
import { QueryError } from '../../components/query-state'
import { StatCard } from '../../components/stat-card'
import { type DayRange, PRESET_LABELS, PRESETS, type Preset, dayLabel, presetRange } from './report-range'
import { SalesChart } from './sales-chart'
import { csvHref, useSalesReport } from './use-sales-report'

/** Reportes: totals, sales per day and the tables per product, zone and payment, each exportable (decision 025). */
export default function ReportesPage() {
  const [preset, setPreset] = useState<Preset>('semana')
  const [custom, setCustom] = useState<DayRange>(() => presetRange('mes'))
  const range = preset === 'personalizado' ? custom : presetRange(preset)
  const valid = range.from <= range.to
  const byDay = useSalesReport(range, 'day')

  return (
    <div>
      <PageHeader title="Reportes" description="Ventas en los días del restaurante (hora de Guatemala)" />
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
          <div className="mt-4 grid gap-4 lg:grid-cols-2">
            <GroupTable title="Por producto" range={range} groupBy="product" className="lg:col-span-2" />
            <GroupTable title="Por zona" range={range} groupBy="zone" />
            <GroupTable title="Por forma de pago" range={range} groupBy="payment" />
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

function Totals({ report, loading }: { report: SalesReport | undefined; loading: boolean }) {
  const t = report?.totals
  const show = (value: (r: NonNullable<typeof t>) => string | number) => (loading ? '…' : t ? value(t) : '—')
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5" data-testid="report-totals">
      <StatCard title="Pedidos" value={show((x) => x.orders)} icon={ShoppingCart} />
      <StatCard title="Ventas" value={show((x) => formatQ(x.revenue))} icon={TrendingUp} note="Envíos incluidos" />
      <StatCard title="Ticket promedio" value={show((x) => formatQ(x.averageTicket))} icon={Receipt} />
      <StatCard title="Envíos" value={show((x) => formatQ(x.deliveryFees))} icon={Truck} />
      <StatCard title="Cancelados" value={show((x) => x.cancelled)} icon={XCircle} note="No suman en ventas" />
    </div>
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
    <Card className={className}>
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
          <p className="text-sm text-muted-foreground">Sin ventas en este periodo</p>
        ) : (
          <div className="overflow-x-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b border-border text-left text-muted-foreground">
                <th scope="col" className="py-2 font-semibold">{groupBy === 'day' ? 'Día' : 'Nombre'}</th>
                <th scope="col" className="py-2 pl-3 text-right font-semibold">Pedidos</th>
                {groupBy === 'product' && <th scope="col" className="py-2 pl-3 text-right font-semibold">Cantidad</th>}
                <th scope="col" className="py-2 pl-3 text-right font-semibold">Ventas</th>
              </tr>
            </thead>
            <tbody>
              {report.data.rows.map((row) => (
                <tr key={row.key} className="border-b border-border last:border-0">
                  <th scope="row" className="max-w-[12rem] truncate py-2 text-left font-medium">{groupBy === 'day' ? dayLabel(row.key) : row.label}</th>
                  <td className="py-2 text-right tabular-nums">{row.orders}</td>
                  {groupBy === 'product' && <td className="py-2 text-right tabular-nums">{row.quantity}</td>}
                  <td className="py-2 text-right font-semibold tabular-nums">{formatQ(row.revenue)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          </div>
        )}
      </CardContent>
    </Card>
  )
}
