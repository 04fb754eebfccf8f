import { MessageCircle } from 'lucide-react'
import { formatPhone } from '@/shared/phone'
import { cn } from '@/web/ui/cn'
import { QrCode } from '@/web/ui/qr-code'
import { RESTAURANT_NAME } from '@/web/store/restaurant'
import { printedAddress, type CartelTarget, type PaperId } from './cartel-target'

/**
 * The poster or the table card itself. Everything is sized in container units (cqw: a
 * hundredth of the sheet's width), so the same sheet is the preview on screen and the page on
 * paper, and A4 and A6 (one shape, 1:√2) differ only in how the space is shared: the card,
 * read at arm's length, gives the QR more of it and leaves the logo out. White paper, ink only
 * where it says something (no coloured backgrounds an office printer would streak).
 */
export function CartelSheet({ paper, target, chatNumber }: { paper: PaperId; target: CartelTarget; chatNumber: string | null }) {
  const card = paper === 'a6'
  return (
    <div
      className="cartel-sheet @container relative aspect-[210/297] w-full overflow-hidden bg-white text-foreground [print-color-adjust:exact]"
      data-paper={paper}
    >
      <div aria-hidden="true" className="cartel-frame pointer-events-none absolute inset-[3.5cqw] rounded-[4cqw] border-[0.7cqw] border-primary" />
      <div
        className={cn(
          'relative flex h-full flex-col items-center justify-between text-center',
          card ? 'px-[8cqw] pt-[8cqw] pb-[7cqw]' : 'px-[9cqw] pt-[9cqw] pb-[8cqw]',
        )}
      >
        <div className="flex flex-col items-center gap-[2.5cqw]">
          {card ? null : <img src="/images/logo.svg" alt="" className="size-[12cqw]" />}
          <p className="font-display text-[length:6.5cqw] leading-tight font-bold text-balance text-primary">{RESTAURANT_NAME}</p>
        </div>
        <p className="font-display text-[length:7.5cqw] leading-tight font-bold text-balance">Escanea y ordena</p>
        {target.code ? (
          <p className="flex flex-col items-center gap-[0.8cqw]">
            <span className="rounded-full border-[0.5cqw] border-dashed border-primary px-[4cqw] py-[1cqw] text-[length:5cqw] leading-tight font-extrabold tracking-wide">
              Código {target.code}
            </span>{' '}
            <span className="text-[length:3cqw] text-muted-foreground">se aplica solo al escanear</span>
          </p>
        ) : null}
        <div className="flex flex-col items-center gap-[1.5cqw]">
          <div className="rounded-[3cqw] border-[1cqw] border-secondary bg-white p-[1cqw]">
            <QrCode value={target.url} className={card ? (target.code ? 'w-[52cqw]' : 'w-[60cqw]') : target.code ? 'w-[48cqw]' : 'w-[54cqw]'} />
          </div>
          <p className="text-[length:2.8cqw] break-all text-muted-foreground">{printedAddress(target.url)}</p>
        </div>
        {chatNumber ? (
          <p className="flex items-center gap-[2.5cqw] text-success">
            <MessageCircle aria-hidden="true" className="size-[8.5cqw] shrink-0" strokeWidth={2.25} />
            <span className="text-left">
              <span className="block text-[length:4.2cqw] leading-tight font-semibold">Pide por WhatsApp:</span>{' '}
              <span className="block text-[length:6.5cqw] leading-tight font-extrabold whitespace-nowrap">{formatPhone(chatNumber)}</span>
            </span>
          </p>
        ) : null}
      </div>
    </div>
  )
}
