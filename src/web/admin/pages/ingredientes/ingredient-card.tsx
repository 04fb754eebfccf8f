import { responsiveImage } from '@/shared/images'
import { formatQ } from '@/shared/money'
import type { Ingredient } from '@/shared/schemas'
import { Badge } from '@/web/ui/badge'
import { Card } from '@/web/ui/card'
import { EditDeleteActions } from '../../components/edit-delete-actions'
import { INGREDIENT_CATEGORY_LABELS } from '../../lib/labels'

type Props = { ingredient: Ingredient; onEdit: () => void; onDelete: () => void }

export function IngredientCard({ ingredient, onEdit, onDelete }: Props) {
  const isSalsa = ingredient.type === 'salsa'
  return (
    <Card className="flex h-full flex-col overflow-hidden">
      {isSalsa && ingredient.image ? (
        <img {...responsiveImage(ingredient.image)} sizes="(min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw" alt="" className="h-36 w-full object-cover" loading="lazy" />
      ) : null}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 className="font-bold leading-tight">{ingredient.name}</h3>
          <Badge variant="muted">{INGREDIENT_CATEGORY_LABELS[ingredient.category]}</Badge>
        </div>
        {isSalsa && ingredient.description ? <p className="text-sm text-muted-foreground">{ingredient.description}</p> : null}
        <div className="flex flex-wrap items-center gap-2 text-sm">
          {ingredient.type === 'extra' && ingredient.price > 0 ? <span className="font-semibold text-primary">+{formatQ(ingredient.price)}</span> : null}
          {!ingredient.available ? <Badge variant="outline">No disponible</Badge> : null}
        </div>
        <EditDeleteActions name={ingredient.name} onEdit={onEdit} onDelete={onDelete} className="pt-2" />
      </div>
    </Card>
  )
}
