import { useState } from 'react'
import { useWatch } from 'react-hook-form'
import {
  INGREDIENT_CATEGORIES,
  INGREDIENT_TYPES,
  ingredientInputSchema,
  type Ingredient,
  type IngredientCategory,
  type IngredientData,
  type IngredientType,
} from '@/shared/schemas'
import { NumberField, SelectField, SwitchField, TextareaField, TextField } from '../../components/form/fields'
import { Form } from '../../components/form/form'
import { ImageField } from '../../components/form/image-field'
import { DialogFormFooter, type SaveProps } from '../../components/form/resource-dialog'
import { useSchemaForm } from '../../components/form/use-schema-form'
import { INGREDIENT_CATEGORY_LABELS, INGREDIENT_TYPE_LABELS } from '../../lib/labels'

type Props = SaveProps<IngredientData> & { ingredient: Ingredient | null }

type Values = {
  name: string
  type: IngredientType
  price: string
  category: IngredientCategory
  available: boolean
  image: string | null
  description: string
}

/** The fields the type hides count as blank: price but for an extra, image and description but for a salsa. */
const visible = (v: Values): Values => ({
  ...v,
  price: v.type === 'extra' ? v.price : '0',
  image: v.type === 'salsa' ? v.image : null,
  description: v.type === 'salsa' ? v.description : '',
})

/**
 * Ingredient fields that follow the type: price only for extras; image and
 * description only for salsas. Validated with the shared ingredientInputSchema.
 */
export function IngredientForm({ ingredient, saving, onSubmit }: Props) {
  const form = useSchemaForm(
    ingredientInputSchema,
    {
      name: ingredient?.name ?? '',
      type: ingredient?.type ?? 'base',
      price: ingredient ? String(ingredient.price) : '0',
      category: ingredient?.category ?? 'topping',
      available: ingredient?.available ?? true,
      image: ingredient?.image ?? null,
      description: ingredient?.description ?? '',
    },
    visible,
  )
  const { control } = form
  const type = useWatch({ control, name: 'type' })
  const [uploading, setUploading] = useState(false)

  return (
    <Form form={form} onSubmit={onSubmit}>
      <TextField control={control} name="name" id="ingredient-name" label="Nombre" />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField control={control} name="type" id="ingredient-type" label="Tipo" options={INGREDIENT_TYPES} labels={INGREDIENT_TYPE_LABELS} />
        <SelectField control={control} name="category" id="ingredient-category" label="Categoría" options={INGREDIENT_CATEGORIES} labels={INGREDIENT_CATEGORY_LABELS} />
      </div>
      {type === 'extra' ? <NumberField control={control} name="price" id="ingredient-price" label="Precio (Q)" /> : null}
      {type === 'salsa' ? (
        <>
          <ImageField control={control} name="image" id="ingredient-image" label="Imagen" target="ingredient-image" onUploadingChange={setUploading} />
          <TextareaField control={control} name="description" id="ingredient-description" label="Descripción" rows={3} />
        </>
      ) : null}
      <SwitchField control={control} name="available" id="ingredient-available" on="Disponible" off="No disponible" />
      <DialogFormFooter saving={saving} editing={ingredient !== null} busy={uploading} />
    </Form>
  )
}
