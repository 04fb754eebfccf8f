import { Link2, Pause, Play, Printer } from 'lucide-react'
import { Link } from 'react-router'
import { type PromotionNames, promotionDescription } from '@/shared/promotions'
import type { PromotionWithUses } from '@/shared/schemas/promotion'
import { Badge } from '@/web/ui/badge'
import { Button, buttonVariants } from '@/web/ui/button'
import { Card, CardHeader, CardTitle } from '@/web/ui/card'
import { QrCode } from '@/web/ui/qr-code'
import { toast } from '@/web/ui/use-toast'
import { EditDeleteActions } from '../../components/edit-delete-actions'
import { copyText } from '../../lib/copy-text'
import { type PromotionState, STATE_LABELS, cartelPath, codeLink, datesText, promotionState, usesText } from './promotion-text'

const STATE_BADGE: Record<PromotionState, 'success' | 'secondary' | 'muted' | 'destructive' | 'outline'> = {
  active: 'success',
  scheduled: 'secondary',
  paused: 'muted',
  exhausted: 'destructive',
  expired: 'outline',
}

type Props = {
  promotion: PromotionWithUses
  names: PromotionNames
  /** The restaurant's day ("YYYY-MM-DD"): what 'Vencida' and 'Programada' are judged on. */
  today: string
  /** The address the storefront answers on (the admin's own origin). */
  origin: string
  toggling: boolean
  deleting: boolean
  onToggle: () => void
  onEdit: () => void
  onDelete: () => void
}

/** The address as a person reads it, for the line under the QR: no scheme. */
const shown = (url: string) => url.replace(/^https?:\/\//, '')

/**
 * One promotion: its words as the customer reads them, its uses and state, 'Pausar' /
 * 'Activar', and for a code its link (copied with one tap, for a chat), its QR and its poster.
 */
export function PromotionCard({ promotion: p, names, today, origin, toggling, deleting, onToggle, onEdit, onDelete }: Props) {
  const state = promotionState(p, today)
  const dates = datesText(p, today)
  const link = p.code ? codeLink(origin, p.code) : null

  async function copy() {
    if (!link) return
    try {
      await copyText(link)
      toast({ title: 'Enlace copiado', description: link })
    } catch {
      toast({ title: 'Error', description: 'No se pudo copiar. Selecciona el enlace y cópialo a mano.', variant: 'destructive' })
    }
  }

  return (
    <Card className={p.active ? 'h-full' : 'h-full opacity-80'}>
      <CardHeader className="h-full gap-3">
        <div className="flex items-start justify-between gap-3">
          <div className="grid min-w-0 gap-2">
            <CardTitle as="h2">{p.name}</CardTitle>
            <div className="flex flex-wrap gap-1.5">
              {p.code ? (
                <Badge variant="outline" className="font-mono tracking-wide" data-testid="promotion-code">
                  {p.code}
                </Badge>
              ) : (
                <Badge variant="secondary">Automática</Badge>
              )}
              <Badge variant={STATE_BADGE[state]} data-testid="promotion-state">
                {STATE_LABELS[state]}
              </Badge>
            </div>
          </div>
          {link ? <QrCode value={link} label={`Código QR del enlace de ${p.code}`} className="size-24 shrink-0 rounded-md border border-border" /> : null}
        </div>
        <p className="font-medium" data-testid="promotion-description">
          {promotionDescription(p, names)}
        </p>
        <p className="text-sm text-muted-foreground" data-testid="promotion-uses">
          {usesText(p)}
          {p.maxUsesPerPhone !== null ? ` · ${p.maxUsesPerPhone} por cliente` : ''}
          {dates ? ` · ${dates}` : ''}
        </p>
        {link ? (
          <p className="truncate font-mono text-xs text-muted-foreground select-all" data-testid="promotion-link" title={link}>
            {shown(link)}
          </p>
        ) : null}
        <div className="mt-auto flex flex-wrap items-center gap-2 border-t border-border pt-3">
          <Button variant="outline" size="sm" onClick={onToggle} disabled={toggling} aria-label={`${p.active ? 'Pausar' : 'Activar'} ${p.name}`}>
            {p.active ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
            {p.active ? 'Pausar' : 'Activar'}
          </Button>
          {link ? (
            <>
              <Button variant="outline" size="sm" onClick={() => void copy()} aria-label={`Copiar enlace de ${p.code}`}>
                <Link2 aria-hidden="true" />
                Copiar enlace
              </Button>
              <Link to={cartelPath(p.code ?? '')} className={buttonVariants({ variant: 'outline', size: 'sm' })} aria-label={`Cartel con el QR de ${p.code}`}>
                <Printer aria-hidden="true" />
                Cartel
              </Link>
            </>
          ) : null}
          <EditDeleteActions name={p.name} onEdit={onEdit} onDelete={onDelete} deleting={deleting} className="mt-0" />
        </div>
      </CardHeader>
    </Card>
  )
}
