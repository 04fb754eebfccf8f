import { useMemo } from 'react'
import { encode } from 'uqr'
import { cn } from './cn'

/**
 * A QR code drawn as inline SVG, computed in the browser (nothing is fetched): the poster's
 * (/admin/cartel) and a promotion code's. Black modules on white whatever the theme, since a
 * phone's camera needs the contrast, with a quiet zone of `border` modules so it scans on a
 * coloured frame too. Error correction M (15 %): a printed code gets creased and stained.
 * The path is uqr's own (one square per dark module), so a test can compare it with
 * `renderSVG(value, { ecc: 'M', border, pixelSize: 1 })`.
 */
export function QrCode({ value, label, border = 2, className }: { value: string; label?: string; border?: number; className?: string }) {
  const { size, path } = useMemo(() => qrPath(value, border), [value, border])
  return (
    <svg
      role="img"
      aria-label={label ?? `Código QR de ${value}`}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      data-qr-value={value}
      className={cn('block aspect-square', className)}
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path fill="#000000" d={path} />
    </svg>
  )
}

export const QR_ECC = 'M'

function qrPath(value: string, border: number): { size: number; path: string } {
  const { size, data } = encode(value, { ecc: QR_ECC, border })
  const squares: string[] = []
  data.forEach((row, y) => row.forEach((dark, x) => dark && squares.push(`M${x},${y}h1v1h-1z`)))
  return { size, path: squares.join('') }
}
