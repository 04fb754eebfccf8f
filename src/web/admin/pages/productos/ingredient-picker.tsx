import { type Control, type FieldPathByValue, type FieldValues, useController } from 'react-hook-form'
import type { Ingredient } from '@/shared/schemas'
import { Checkbox } from '@/web/ui/checkbox'

type Props<T extends FieldValues> = {
  /** The form's control (useSchemaForm) and the name of a list of ingredient ids in it. */
  control: Control<T, any, any>
  name: FieldPathByValue<T, number[]>
  id: string
  legend: string
  options: Ingredient[]
  loading: boolean
  empty: string
}

/** A checkbox list of ingredients of one type, bound to a list of ids of the form. */
export function IngredientPicker<T extends FieldValues>({ control, name, id, legend, options, loading, empty }: Props<T>) {
  const { field } = useController({ control, name })
  const selected: number[] = field.value
  const toggle = (ingredientId: number, on: boolean) => field.onChange(on ? [...selected, ingredientId] : selected.filter((x) => x !== ingredientId))

  return (
    <fieldset className="grid min-w-0 gap-2 rounded-lg border border-border p-3">
      <legend className="px-1 text-sm font-medium">
        {legend} {selected.length > 0 ? <span className="text-muted-foreground">({selected.length})</span> : null}
      </legend>
      {loading ? (
        <p className="text-sm text-muted-foreground">Cargando ingredientes...</p>
      ) : options.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <div className="grid gap-2 sm:grid-cols-2">
          {options.map((ingredient) => {
            const inputId = `${id}-${ingredient.id}`
            return (
              // The whole row is the label: on a phone it is a finger's 44 px target, not the 16 px box.
              <label key={ingredient.id} htmlFor={inputId} className="flex min-h-8 cursor-pointer items-center gap-2 text-sm max-sm:min-h-11">
                <Checkbox id={inputId} checked={selected.includes(ingredient.id)} onChange={(e) => toggle(ingredient.id, e.target.checked)} />
                <span>
                  {ingredient.name}
                  {ingredient.type === 'extra' && ingredient.price > 0 ? <span className="text-muted-foreground"> (+Q{ingredient.price})</span> : null}
                </span>
              </label>
            )
          })}
        </div>
      )}
    </fieldset>
  )
}
