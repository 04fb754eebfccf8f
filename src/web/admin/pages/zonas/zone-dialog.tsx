import type { CoverageZone, ZoneData } from '@/shared/schemas'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/web/ui/dialog'
import { ZoneForm } from './zone-form'

type Props = {
  open: boolean
  zone: CoverageZone | null
  saving: boolean
  onOpenChange: (open: boolean) => void
  onSubmit: (data: ZoneData) => void
}

/** 'Nueva Zona' / 'Editar Zona'. The form remounts on every open, so closing resets it. */
export function ZoneDialog({ open, zone, saving, onOpenChange, onSubmit }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{zone ? 'Editar Zona' : 'Nueva Zona'}</DialogTitle>
          <DialogDescription>Zona de entrega a domicilio y su costo de envío.</DialogDescription>
        </DialogHeader>
        <ZoneForm key={zone?.id ?? 'new'} zone={zone} saving={saving} onSubmit={onSubmit} />
      </DialogContent>
    </Dialog>
  )
}
