/**
 * Sales per day as SVG bars: no chart library (decision 025 measures why). Drawn at the width
 * it has on screen (chart-layout.ts), so its letters keep their size on a phone. Each bar is
 * what was confirmed, with what still waits to be confirmed stacked above it in a lighter
 * shade. Every bar has its figures in a <title>, and they are also in the page's figures,
 * so the picture is described, not the only copy of the data.
 */
import { type RefObject, useEffect, useRef, useState } from 'react'
import { formatQ } from '@/shared/money'
import { type SalesRow, confirmedRow } from '@/shared/reports'
import { CHART_PADDING as PAD, LABEL_FONT_PX, labelEvery, niceMax } from './chart-layout'
import { dayLabel } from './report-range'

const HEIGHT = 220

/** The width of the element, followed as it changes (a sidebar folding, a phone turning). */
function useWidth<T extends HTMLElement>(): [RefObject<T | null>, number] {
  const ref = useRef<T>(null)
  const [width, setWidth] = useState(0)
  useEffect(() => {
    const el = ref.current
    if (!el) return
    setWidth(el.clientWidth)
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => setWidth(el.clientWidth))
    observer.observe(el)
    return () => observer.disconnect()
  }, [])
  return [ref, width]
}

export function SalesChart({ rows }: { rows: SalesRow[] }) {
  const [box, measured] = useWidth<HTMLDivElement>()
  const width = measured || 640
  const top = niceMax(Math.max(...rows.map((r) => r.revenue), 0))
  const innerW = Math.max(width - PAD.left - PAD.right, 1)
  const innerH = HEIGHT - PAD.top - PAD.bottom
  const slot = innerW / Math.max(rows.length, 1)
  const bar = Math.max(2, Math.min(40, slot * 0.7))
  const every = labelEvery(rows.length, innerW)
  const confirmed = rows.reduce((sum, r) => sum + confirmedRow(r).revenue, 0)
  const pending = rows.reduce((sum, r) => sum + r.pending.revenue, 0)
  const y = (value: number) => (value / top) * innerH
  const text = { fontSize: LABEL_FONT_PX }

  return (
    <div ref={box} className="min-w-0">
      <svg
        width={width}
        height={HEIGHT}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        className="block max-w-full"
        role="img"
        aria-label={`Ventas por día: ${rows.length} días, ${formatQ(confirmed)} confirmados${pending ? ` y ${formatQ(pending)} por confirmar` : ''}`}
        data-testid="sales-chart"
      >
        {[0, 0.5, 1].map((f) => {
          const lineY = PAD.top + innerH * (1 - f)
          return (
            <g key={f}>
              <line x1={PAD.left} x2={width - PAD.right} y1={lineY} y2={lineY} className="stroke-border" strokeDasharray={f === 0 ? undefined : '3 3'} />
              <text x={PAD.left - 6} y={lineY + 4} textAnchor="end" className="fill-muted-foreground" style={text}>
                {formatQ(Math.round(top * f))}
              </text>
            </g>
          )
        })}
        {rows.map((row, i) => {
          const sold = confirmedRow(row)
          const soldH = y(sold.revenue)
          const waitingH = y(row.pending.revenue)
          const x = PAD.left + slot * i + (slot - bar) / 2
          const base = PAD.top + innerH
          const title = `${dayLabel(row.key)}: ${formatQ(sold.revenue)} (${sold.orders} pedidos)${row.pending.orders ? `, por confirmar ${formatQ(row.pending.revenue)} (${row.pending.orders})` : ''}`
          return (
            <g key={row.key}>
              <title>{title}</title>
              {soldH > 0 ? <rect x={x} y={base - soldH} width={bar} height={soldH} rx={2} className="fill-primary" /> : null}
              {waitingH > 0 ? <rect x={x} y={base - soldH - waitingH} width={bar} height={waitingH} rx={2} className="fill-primary/30" data-pending="" /> : null}
              {i % every === 0 ? (
                <text x={x + bar / 2} y={HEIGHT - 10} textAnchor="middle" className="fill-muted-foreground" style={text} data-day-label="">
                  {dayLabel(row.key)}
                </text>
              ) : null}
            </g>
          )
        })}
      </svg>
      {pending > 0 ? (
        <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <span className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className="size-3 rounded-sm bg-primary" /> Ventas
          </span>
          <span className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className="size-3 rounded-sm bg-primary/30" /> Por confirmar
          </span>
        </p>
      ) : null}
    </div>
  )
}
