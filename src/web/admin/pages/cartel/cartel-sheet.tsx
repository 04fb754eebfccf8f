import { MessageCircle } from 'lucide-react'
import { formatPhone } from '@/shared/phone'
import { cn } from '@/web/ui/cn'
import { QrCode } from '@/web/ui/qr-code'
import { DEFAULT_LOGO } from '@/shared/store-profile'
import { useStoreProfile } from '../../lib/use-store-profile'
import { printedAddress, type CartelTarget, type PaperId } from './cartel-target'

/**
 * The poster or the table card itself. Everything is sized in container units (cqw: a
 * hundredth of the sheet's width), so the same sheet is the preview on screen and the page on
 * paper, and A4 and A6 (one shape, 1:√2) differ only in how the space is shared: the card,
 * read at arm's length, gives the QR more of it and leaves the logo out. A code's poster also
 * says what it gives and when (issue #40); a long offer takes some of the QR's width (and the
 * poster's logo), so nothing crosses the frame. White paper, ink only
 * where it says something (no coloured backgrounds an office printer would streak).
 */
/** An offer longer than this takes two or three lines: the QR gives up some of its width to them. */
const LONG_OFFER = 45

const longOffer = (target: CartelTarget) => (target.offer?.length ?? 0) + (target.dates?.length ?? 0) > LONG_OFFER

/** The QR's width: the most the sheet has room for beside what else it says (a code, its offer and dates). */
function qrWidth(card: boolean, target: CartelTarget): string {
  if (!target.code) return card ? 'w-[60cqw]' : 'w-[54cqw]'
  if (card) return longOffer(target) ? 'w-[44cqw]' : 'w-[52cqw]'
  return longOffer(target) ? 'w-[44cqw]' : 'w-[48cqw]'
}

export function CartelSheet({ paper, target, chatNumber }: { paper: PaperId; target: CartelTarget; chatNumber: string | null }) {
  const card = paper === 'a6'
  // The restaurant's own name and logo ('Tu restaurante'); the page waits for them before printing (cartel-page.tsx).
  const restaurant = useStoreProfile().data
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
          {/* The logo gives its room to a long offer on the poster (the card never has it). */}
          {card || longOffer(target) ? null : <img src={restaurant?.logoUrl ?? DEFAULT_LOGO} alt="" className="size-[12cqw] object-contain" />}
          <p className="font-display text-[length:6.5cqw] leading-tight font-bold text-balance text-primary" data-testid="cartel-name">{restaurant?.name ?? ''}</p>
        </div>
        <p className="font-display text-[length:7.5cqw] leading-tight font-bold text-balance">Escanea y ordena</p>
        {target.code ? (
          // The code, what it gives and when (the storefront's words), and that scanning is enough.
          <p className="flex flex-col items-center gap-[1cqw]">
            <span className="rounded-full border-[0.5cqw] border-dashed border-primary px-[4cqw] py-[1cqw] text-[length:5cqw] leading-tight font-extrabold tracking-wide">
              Código {target.code}
            </span>{' '}
            {target.offer ? (
              <>
                <span data-testid="cartel-offer" className="line-clamp-3 text-[length:4.2cqw] leading-tight font-bold text-balance first-letter:uppercase">
                  {target.offer}
                </span>{' '}
              </>
            ) : null}
            {target.dates ? (
              <>
                <span className="text-[length:3.2cqw] leading-tight font-semibold">{target.dates}</span>{' '}
              </>
            ) : null}
            <span className="text-[length:3cqw] text-muted-foreground">se aplica solo al escanear</span>
          </p>
        ) : null}
        <div className="flex flex-col items-center gap-[1.5cqw]">
          <div className="rounded-[3cqw] border-[1cqw] border-secondary bg-white p-[1cqw]">
            <QrCode value={target.url} className={qrWidth(card, target)} />
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
