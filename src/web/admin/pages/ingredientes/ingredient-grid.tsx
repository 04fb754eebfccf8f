import type { Ingredient } from '@/shared/schemas'
import { EmptyState } from '../../components/query-state'
import { IngredientCard } from './ingredient-card'

type Props = { items: Ingredient[]; empty: string; onEdit: (i: Ingredient) => void; onDelete: (i: Ingredient) => void }

/** 1 column, 2 on medium, 3 on large screens. */
export function IngredientGrid({ items, empty, onEdit, onDelete }: Props) {
  if (items.length === 0) return <EmptyState>{empty}</EmptyState>
  return (
    <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">
      {items.map((ingredient) => (
        <li key={ingredient.id}>
          <IngredientCard ingredient={ingredient} onEdit={() => onEdit(ingredient)} onDelete={() => onDelete(ingredient)} />
        </li>
      ))}
    </ul>
  )
}
