import { QrCode } from '@/web/ui/qr-code'
import { useStoreProfile } from '../../lib/use-store-profile'

/**
 * One table's card ('Cartel con QR' for the tables, issue #45): the QR of the table's own link
 * with the table's name under it, A6, white paper, ink only where it says something. Sized in
 * container units like the store's poster (cartel-sheet.tsx): the preview and the paper are one.
 */
export function TableCardSheet({ name, url }: { name: string; url: string }) {
  const restaurant = useStoreProfile().data?.name ?? ''
  return (
    <div className="table-card @container relative aspect-[105/148] w-full overflow-hidden bg-white text-foreground [print-color-adjust:exact]" data-testid="table-card">
      <div aria-hidden="true" className="pointer-events-none absolute inset-[3.5cqw] rounded-[4cqw] border-[0.7cqw] border-primary" />
      <div className="relative flex h-full flex-col items-center justify-between px-[8cqw] pt-[8cqw] pb-[7cqw] text-center">
        <p className="font-display text-[length:6.5cqw] leading-tight font-bold text-primary">{restaurant}</p>
        <p className="font-display text-[length:7.5cqw] leading-tight font-bold">Escanea y ordena desde tu mesa</p>
        <div className="rounded-[3cqw] border-[1cqw] border-secondary bg-white p-[1cqw]">
          <QrCode value={url} label={`Código QR de ${name}`} className="w-[60cqw]" />
        </div>
        <p className="font-display text-[length:11cqw] leading-none font-extrabold" data-testid="table-card-name">{name}</p>
      </div>
    </div>
  )
}

/** The class of the cards' copy only the printer sees (a direct child of <body>). */
export const TABLE_CARDS_PRINT_CLASS = 'mesas-print-copy'

/** One A6 card a page; on paper only the cards show (same approach as cartel-print-style.ts). */
export const tableCardsPrintStyle = `
@page { size: 105mm 148mm; margin: 0; }
@media screen { .${TABLE_CARDS_PRINT_CLASS} { display: none; } }
@media print {
  html, body { margin: 0 !important; padding: 0 !important; background: #ffffff !important; }
  body > :not(.${TABLE_CARDS_PRINT_CLASS}) { display: none !important; }
  .${TABLE_CARDS_PRINT_CLASS} .table-card { width: 105mm; height: 147mm; aspect-ratio: auto; break-after: page; }
}
`
