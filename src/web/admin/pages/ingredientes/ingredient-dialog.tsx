import type { Ingredient, IngredientData } from '@/shared/schemas'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/web/ui/dialog'
import { IngredientForm } from './ingredient-form'

type Props = {
  open: boolean
  ingredient: Ingredient | null
  saving: boolean
  onOpenChange: (open: boolean) => void
  onSubmit: (data: IngredientData) => void
}

/** 'Nuevo Ingrediente' / 'Editar Ingrediente'; the form remounts on every open. */
export function IngredientDialog({ open, ingredient, saving, onOpenChange, onSubmit }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{ingredient ? 'Editar Ingrediente' : 'Nuevo Ingrediente'}</DialogTitle>
          <DialogDescription>Los campos cambian según el tipo de ingrediente.</DialogDescription>
        </DialogHeader>
        <IngredientForm key={ingredient?.id ?? 'new'} ingredient={ingredient} saving={saving} onSubmit={onSubmit} />
      </DialogContent>
    </Dialog>
  )
}
