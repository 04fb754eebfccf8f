/**
 * What the page says about the link it was opened with (issue #33, issue 40): a code's link
 * (code-link.tsx) and a dish's link that no longer names a dish on the menu
 * (open-product-link.ts). Over the page at the bottom (it moves nothing), in its own chunk:
 * only such links load it.
 */
import { BadgeCheck, CalendarClock, CircleAlert, X } from 'lucide-react'
import { useEffect } from 'react'
import { Button } from '../ui/button'
import { cn } from '../ui/cn'

/**
 * `applied`: the code is in the cart and a cart gets it now; `later`: it is in the cart but does
 * not apply now (when it does, in the cart's words); `refused`: nothing was done (no such code,
 * expired, a dish no longer on the menu).
 */
type LinkTone = 'applied' | 'later' | 'refused'
export type LinkNotice = { kind: 'code' | 'product' | 'table'; tone: LinkTone; title: string; detail: string | null }

/** Long enough to read two lines twice; the notice has its own 'Cerrar' too. */
const NOTICE_MS = 12_000

const LOOK = {
  applied: { Icon: BadgeCheck, border: 'border-success/40', icon: 'text-success' },
  later: { Icon: CalendarClock, border: 'border-secondary', icon: 'text-secondary-foreground' },
  refused: { Icon: CircleAlert, border: 'border-destructive/40', icon: 'text-destructive' },
} as const

export function LinkNoticeCard({ notice, onClose }: { notice: LinkNotice; onClose: () => void }) {
  useEffect(() => {
    const timer = setTimeout(onClose, NOTICE_MS)
    return () => clearTimeout(timer)
  }, [onClose])
  const { Icon, border, icon } = LOOK[notice.tone]
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-40 flex justify-center p-4">
      <div
        role="status"
        data-testid={`${notice.kind}-link-notice`}
        data-applied={notice.tone === 'applied' ? 'true' : 'false'}
        data-tone={notice.tone}
        className={cn('pointer-events-auto flex w-full max-w-md animate-slide-in-bottom items-start gap-3 rounded-lg border bg-card p-4 pr-2 text-card-foreground shadow-warm', border)}
      >
        <Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', icon)} />
        <div className="min-w-0 flex-1">
          <p className="font-semibold">{notice.title}</p>
          {notice.detail && <p className="mt-0.5 text-sm text-muted-foreground">{notice.detail}</p>}
        </div>
        <Button variant="ghost" size="icon-tap" aria-label="Cerrar aviso" onClick={onClose} className="-my-2 shrink-0">
          <X aria-hidden="true" />
        </Button>
      </div>
    </div>
  )
}
