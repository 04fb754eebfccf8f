/**
 * Sales per day as SVG bars: no chart library (decision 025 measures why). Scales to its
 * box; every bar has its value in a <title>, and the figures are also in the page's table
 * for screen readers, so the picture is described, not the only copy of the data.
 */
import { formatQ } from '@/shared/money'
import type { SalesRow } from '@/shared/reports'
import { dayLabel } from './report-range'

const W = 640
const H = 220
const PAD = { top: 12, right: 8, bottom: 28, left: 48 }

/** A round ceiling for the axis: 1, 2 or 5 times a power of ten. */
function niceMax(max: number): number {
  if (max <= 0) return 100
  const power = 10 ** Math.floor(Math.log10(max))
  const step = [1, 2, 5, 10].find((m) => m * power >= max) ?? 10
  return step * power
}

export function SalesChart({ rows }: { rows: SalesRow[] }) {
  const top = niceMax(Math.max(...rows.map((r) => r.revenue), 0))
  const innerW = W - PAD.left - PAD.right
  const innerH = H - PAD.top - PAD.bottom
  const slot = innerW / Math.max(rows.length, 1)
  const bar = Math.max(2, Math.min(40, slot * 0.7))
  const every = Math.ceil(rows.length / 10) // at most ~10 day labels under the bars
  const total = rows.reduce((sum, r) => sum + r.revenue, 0)
  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" role="img" aria-label={`Ventas por día: ${rows.length} días, ${formatQ(total)} en total`} data-testid="sales-chart">
      {[0, 0.5, 1].map((f) => {
        const y = PAD.top + innerH * (1 - f)
        return (
          <g key={f}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y} y2={y} className="stroke-border" strokeDasharray={f === 0 ? undefined : '3 3'} />
            <text x={PAD.left - 6} y={y + 4} textAnchor="end" className="fill-muted-foreground text-[11px]">
              {formatQ(Math.round(top * f))}
            </text>
          </g>
        )
      })}
      {rows.map((row, i) => {
        const h = (row.revenue / top) * innerH
        const x = PAD.left + slot * i + (slot - bar) / 2
        return (
          <g key={row.key}>
            <rect x={x} y={PAD.top + innerH - h} width={bar} height={h} rx={2} className="fill-primary">
              <title>{`${dayLabel(row.key)}: ${formatQ(row.revenue)} (${row.orders} pedidos)`}</title>
            </rect>
            {i % every === 0 && (
              <text x={x + bar / 2} y={H - 8} textAnchor="middle" className="fill-muted-foreground text-[11px]">
                {dayLabel(row.key)}
              </text>
            )}
          </g>
        )
      })}
    </svg>
  )
}
