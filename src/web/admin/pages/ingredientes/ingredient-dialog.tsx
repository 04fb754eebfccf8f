import { resourceDialog } from '../../components/form/resource-dialog'
import { IngredientForm } from './ingredient-form'

/** 'Nuevo Ingrediente' / 'Editar Ingrediente'; the form remounts on every open. */
export const IngredientDialog = resourceDialog(IngredientForm, 'ingredient', {
  create: 'Nuevo Ingrediente',
  edit: 'Editar Ingrediente',
  description: 'Los campos cambian según el tipo de ingrediente.',
})
