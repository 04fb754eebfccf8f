import { Pencil, Trash2 } from 'lucide-react'
import { Button } from '@/web/ui/button'
import { cn } from '@/web/ui/cn'

type Props = {
  /** The item's name, so each button is named on its own ("Editar Horchata"). */
  name: string
  onEdit: () => void
  onDelete: () => void
  /** True while this item's delete is in flight. */
  deleting?: boolean
  className?: string
}

/** The Editar / Eliminar pair at the foot of every admin card. */
export function EditDeleteActions({ name, onEdit, onDelete, deleting = false, className }: Props) {
  return (
    <div className={cn('mt-auto flex gap-2', className)}>
      <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Editar ${name}`}>
        <Pencil aria-hidden="true" />
        Editar
      </Button>
      <Button variant="outline" size="sm" onClick={onDelete} disabled={deleting} aria-label={`Eliminar ${name}`} className="text-destructive">
        <Trash2 aria-hidden="true" />
        Eliminar
      </Button>
    </div>
  )
}
