/**
 * The chunk a code's link loads (open-code-link.ts): the look-up of the code (GET
 * /api/promotions/code/{code}), the cart's code, and the notice that says what happened.
 *  - the code exists and is in its dates: it goes in the cart; 'Código MARTES aplicado: 2x1 en
 *    bebidas', and when it holds only at some times or for some orders, which ('Aplica los
 *    martes de 15:00 a 18:00'); the cart's quote says whether this order gets it;
 *  - it does not exist, is paused, expired or not yet valid: the server's reason ('Ese código
 *    ya venció'), and the cart keeps whatever code it had;
 *  - no answer (offline, throttled): the code goes in the cart all the same, and the cart's
 *    quote (or the checkout) says whether it applies.
 */
import { BadgeCheck, CircleAlert, X } from 'lucide-react'
import { useEffect } from 'react'
import { Button } from '../ui/button'
import { cn } from '../ui/cn'
import type { CodeLinkNotice } from './open-code-link'
import { promoCodeActions, promoCodeOf } from './promo-code-store'

const LOOKUP_TIMEOUT_MS = 8000
/** Long enough to read two lines twice; the notice has its own 'Cerrar' too. */
export const NOTICE_MS = 12_000

type CodeAnswer = { summary?: unknown; description?: unknown; message?: unknown }

/** Where the discount shows, when the code holds whenever. */
const SEE_IT = 'Verás el descuento en tu pedido.'

/** 'Aplica los martes de 15:00 a 18:00.' out of '2x1 en bebidas los martes de 15:00 a 18:00'; when the description adds nothing, where to see it. */
function conditions(answer: CodeAnswer): string {
  const { summary, description } = answer
  if (typeof summary !== 'string' || typeof description !== 'string' || !description.startsWith(summary)) return SEE_IT
  const rest = description.slice(summary.length).trim()
  return rest ? `Aplica ${rest}.` : SEE_IT
}

export async function applyCodeLink(typed: string): Promise<CodeLinkNotice> {
  const code = promoCodeOf(typed)
  if (!code) return { applied: false, title: 'Ese código no existe', detail: 'Revisa el enlace o escribe el código en tu pedido.' }
  try {
    const res = await fetch(`/api/promotions/code/${encodeURIComponent(code)}`, { signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS) })
    const answer = (await res.json().catch(() => null)) as CodeAnswer | null
    const message = typeof answer?.message === 'string' ? answer.message : null
    if (res.ok && answer && message) {
      promoCodeActions.set(code)
      return { applied: true, title: message, detail: conditions(answer) }
    }
    // 404 (no such code, or paused) and 409 (expired, not yet valid): the reason, in the server's words.
    if ((res.status === 404 || res.status === 409) && message) return { applied: false, title: `Código ${code}`, detail: message }
  } catch {
    /* offline or slow: as below */
  }
  promoCodeActions.set(code)
  return { applied: true, title: `Código ${code} guardado en tu pedido`, detail: 'Al ver tu pedido te decimos si aplica.' }
}

/** Over the page, at the bottom (it moves nothing): what the link's code gives, or why it does not apply. */
export function CodeLinkNoticeCard({ notice, onClose }: { notice: CodeLinkNotice; onClose: () => void }) {
  useEffect(() => {
    const timer = setTimeout(onClose, NOTICE_MS)
    return () => clearTimeout(timer)
  }, [onClose])
  const Icon = notice.applied ? BadgeCheck : CircleAlert
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-40 flex justify-center p-4">
      <div
        role="status"
        data-testid="code-link-notice"
        data-applied={notice.applied ? 'true' : 'false'}
        className={cn(
          'pointer-events-auto flex w-full max-w-md animate-slide-in-bottom items-start gap-3 rounded-lg border bg-card p-4 pr-2 text-card-foreground shadow-warm',
          notice.applied ? 'border-success/40' : 'border-destructive/40',
        )}
      >
        <Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', notice.applied ? 'text-success' : 'text-destructive')} />
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
