import type { ComponentType } from 'react'
import { Button } from '@/web/ui/button'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/ui/dialog'

/** What every resource form (product, ingredient, zone) takes besides the item it edits. */
export type SaveProps<TData> = {
  saving: boolean
  onSubmit: (data: TData) => void
}

type DialogState = { open: boolean; onOpenChange: (open: boolean) => void }

type Texts = {
  /** The title for a new item ('Nueva Zona') and for an existing one ('Editar Zona'). */
  create: string
  edit: string
  description: string
  className?: string
}

/**
 * The 'Nuevo …' / 'Editar …' dialog of a resource form: it takes the form's props (the
 * item under `itemProp`, null for a new one) plus open / onOpenChange. The form is keyed
 * by the item, so it remounts, and starts afresh, on every open.
 */
/** The names of P's props that hold an item (or null). */
type ItemProp<P> = { [K in keyof P]: P[K] extends { id: number } | null ? K : never }[keyof P] & string

export function resourceDialog<P extends SaveProps<never>, K extends ItemProp<P>>(Form: ComponentType<P>, itemProp: K, texts: Texts) {
  return function ResourceDialog({ open, onOpenChange, ...props }: P & DialogState) {
    const formProps = props as unknown as P
    const item = formProps[itemProp] as { id: number } | null
    return (
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent className={texts.className}>
          <DialogHeader>
            <DialogTitle>{item ? texts.edit : texts.create}</DialogTitle>
            <DialogDescription>{texts.description}</DialogDescription>
          </DialogHeader>
          <Form key={item?.id ?? 'new'} {...formProps} />
        </DialogContent>
      </Dialog>
    )
  }
}

/** 'Cancelar' (closes the dialog) and the submit button: 'Crear', 'Actualizar' or 'Guardando...'. */
export function DialogFormFooter({ saving, editing, busy = false, className }: { saving: boolean; editing: boolean; busy?: boolean; className?: string }) {
  return (
    <DialogFooter className={className}>
      <DialogClose asChild>
        <Button variant="outline">Cancelar</Button>
      </DialogClose>
      <Button type="submit" disabled={saving || busy}>
        {saving ? 'Guardando...' : editing ? 'Actualizar' : 'Crear'}
      </Button>
    </DialogFooter>
  )
}
