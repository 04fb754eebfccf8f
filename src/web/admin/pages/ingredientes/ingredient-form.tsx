import { useState, type FormEvent } from 'react'
import {
  INGREDIENT_CATEGORIES,
  INGREDIENT_TYPES,
  ingredientInputSchema,
  type Ingredient,
  type IngredientCategory,
  type IngredientData,
  type IngredientType,
} from '@/shared/schemas'
import { Button } from '@/web/ui/button'
import { DialogClose, DialogFooter } from '@/web/ui/dialog'
import { Input } from '@/web/ui/input'
import { Select } from '@/web/ui/select'
import { Switch } from '@/web/ui/switch'
import { Textarea } from '@/web/ui/textarea'
import { Field, invalidProps } from '../../components/field'
import { ImageUpload } from '../../components/image-upload'
import { useValidation } from '../../lib/use-validation'
import { INGREDIENT_CATEGORY_LABELS, INGREDIENT_TYPE_LABELS } from '../../lib/labels'

type Props = {
  ingredient: Ingredient | null
  saving: boolean
  onSubmit: (data: IngredientData) => void
}

/**
 * Ingredient fields that follow the type: price only for extras; image and
 * description only for salsas. Validated with the shared ingredientInputSchema.
 */
export function IngredientForm({ ingredient, saving, onSubmit }: Props) {
  const [name, setName] = useState(ingredient?.name ?? '')
  const [type, setType] = useState<IngredientType>(ingredient?.type ?? 'base')
  const [price, setPrice] = useState(ingredient ? String(ingredient.price) : '0')
  const [category, setCategory] = useState<IngredientCategory>(ingredient?.category ?? 'topping')
  const [available, setAvailable] = useState(ingredient?.available ?? true)
  const [image, setImage] = useState<string | null>(ingredient?.image ?? null)
  const [description, setDescription] = useState(ingredient?.description ?? '')
  const [uploading, setUploading] = useState(false)
  const isExtra = type === 'extra'
  const isSalsa = type === 'salsa'
  const { errors, check } = useValidation(ingredientInputSchema, {
    name,
    type,
    price: isExtra ? price : 0,
    category,
    available,
    image: isSalsa ? image : null,
    description: isSalsa ? description : null,
  })

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const data = check()
    if (data) onSubmit(data)
  }

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <Field id="ingredient-name" label="Nombre" error={errors.name}>
        <Input id="ingredient-name" value={name} onChange={(e) => setName(e.target.value)} {...invalidProps('ingredient-name', errors.name)} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="ingredient-type" label="Tipo" error={errors.type}>
          <Select id="ingredient-type" value={type} onChange={(e) => setType(e.target.value as IngredientType)}>
            {INGREDIENT_TYPES.map((t) => (
              <option key={t} value={t}>
                {INGREDIENT_TYPE_LABELS[t]}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="ingredient-category" label="Categoría" error={errors.category}>
          <Select id="ingredient-category" value={category} onChange={(e) => setCategory(e.target.value as IngredientCategory)}>
            {INGREDIENT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {INGREDIENT_CATEGORY_LABELS[c]}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      {isExtra ? (
        <Field id="ingredient-price" label="Precio (Q)" error={errors.price}>
          <Input
            id="ingredient-price"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            {...invalidProps('ingredient-price', errors.price)}
          />
        </Field>
      ) : null}
      {isSalsa ? (
        <>
          <ImageUpload id="ingredient-image" label="Imagen" target="ingredient-image" value={image} onChange={setImage} onUploadingChange={setUploading} />
          {errors.image ? <p className="text-sm font-medium text-destructive">{errors.image}</p> : null}
          <Field id="ingredient-description" label="Descripción" error={errors.description}>
            <Textarea
              id="ingredient-description"
              rows={3}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              {...invalidProps('ingredient-description', errors.description)}
            />
          </Field>
        </>
      ) : null}
      <div className="flex items-center gap-3">
        <Switch id="ingredient-available" checked={available} onCheckedChange={setAvailable} aria-labelledby="ingredient-available-label" />
        <span id="ingredient-available-label" className="text-sm font-medium">
          {available ? 'Disponible' : 'No disponible'}
        </span>
      </div>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">Cancelar</Button>
        </DialogClose>
        <Button type="submit" disabled={saving || uploading}>
          {saving ? 'Guardando...' : ingredient ? 'Actualizar' : 'Crear'}
        </Button>
      </DialogFooter>
    </form>
  )
}
