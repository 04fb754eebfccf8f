import { Clock, PauseCircle } from 'lucide-react'
import type { StoreStatus } from '../../../shared/store-hours'
import { cn } from '../../ui/cn'

/**
 * A strip under the navigation bar while orders are not taken (closed, paused) or are
 * about to stop (the last hour). Nothing while simply open. While closed, it says whether
 * the order can be scheduled for later instead ('¿Cuándo?' in the cart).
 */
export function StoreStatusBanner({ status, canSchedule = false }: { status: StoreStatus; canSchedule?: boolean }) {
  if (status.state === 'open') return null
  const closing = status.state === 'closing-soon'
  const Icon = status.state === 'paused' ? PauseCircle : Clock
  return (
    <div
      role="status"
      data-testid="store-status"
      data-state={status.state}
      className={cn('px-4 py-2.5 text-center text-sm font-semibold', closing ? 'bg-secondary text-secondary-foreground' : 'bg-night text-night-foreground')}
    >
      <p className="mx-auto inline-flex max-w-3xl items-center gap-2">
        <Icon aria-hidden="true" className="size-4 shrink-0" />
        <span>
          {status.message}
          {status.note && <span className="font-normal">{` · ${status.note}`}</span>}
          {!status.open && <span className="font-normal">{canSchedule ? ' · Puedes programar tu pedido' : ' · Puedes ver el menú y armar tu pedido.'}</span>}
        </span>
      </p>
    </div>
  )
}
