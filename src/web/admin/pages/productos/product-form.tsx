import { useState } from 'react'
import { Controller, useWatch } from 'react-hook-form'
import { CATEGORY_LABELS, PRODUCT_CATEGORIES } from '@/shared/menu'
import { productInputSchema, type Ingredient, type Product, type ProductData } from '@/shared/schemas'
import { NumberField, SelectField, SwitchField, TextareaField, TextField } from '../../components/form/fields'
import { Form } from '../../components/form/form'
import { ImageField } from '../../components/form/image-field'
import { DialogFormFooter, type SaveProps } from '../../components/form/resource-dialog'
import { numberText, useSchemaForm } from '../../components/form/use-schema-form'
import type { OptionGroup } from '@/shared/options'
import { IngredientPicker } from './ingredient-picker'
import { OptionGroupPicker } from './option-group-picker'
import { ProductWindowsField } from './product-windows-field'

type Props = SaveProps<ProductData> & {
  product: Product | null
  ingredients: Ingredient[]
  ingredientsLoading: boolean
  /** The owner's categories (GET /api/categories), in menu order; absent: the SPEC's four. */
  categories?: readonly { slug: string; name: string }[]
  /** The option groups a product may ask for (GET /api/option-groups, issue #32). */
  optionGroups?: readonly OptionGroup[]
  optionGroupsLoading?: boolean
}

/** The three ingredient lists, each a checkbox list of one type of ingredient. */
const PICKERS = [
  { name: 'availableSauces', type: 'salsa', id: 'product-sauces', legend: 'Salsas disponibles', empty: 'No hay salsas creadas' },
  { name: 'baseIngredientIds', type: 'base', id: 'product-base', legend: 'Ingredientes base', empty: 'No hay ingredientes base' },
  { name: 'extraIngredientIds', type: 'extra', id: 'product-extras', legend: 'Ingredientes extras', empty: 'No hay ingredientes extras' },
] as const

/** Product fields, validated with the shared productInputSchema. */
export function ProductForm({ product, ingredients, ingredientsLoading, categories, optionGroups = [], optionGroupsLoading = false, saving, onSubmit }: Props) {
  // The category choices: the owner's list (issue #31), else the SPEC's four; a product's own category is always offered.
  const choices = categories?.length ? categories.map((c) => ({ slug: c.slug, name: c.name })) : PRODUCT_CATEGORIES.map((slug) => ({ slug, name: CATEGORY_LABELS[slug] }))
  if (product && !choices.some((c) => c.slug === product.category)) choices.push({ slug: product.category, name: product.category })
  const categoryOptions = choices.map((c) => c.slug)
  const categoryLabels: Record<string, string> = Object.fromEntries(choices.map((c) => [c.slug, c.name]))
  const form = useSchemaForm(productInputSchema, {
    name: product?.name ?? '',
    description: product?.description ?? '',
    category: product?.category ?? 'chilaquiles',
    price: numberText(product?.price),
    priceGrande: numberText(product?.priceGrande),
    displayOrder: numberText(product?.displayOrder),
    dailyLimit: numberText(product?.dailyLimit),
    available: product?.available ?? true,
    image: product?.image ?? null,
    sauce: product?.sauce ?? null, // not edited here: kept as it is
    availableSauces: product?.availableSauces ?? [],
    baseIngredientIds: product?.baseIngredientIds ?? [],
    extraIngredientIds: product?.extraIngredientIds ?? [],
    windows: product?.windows ?? null, // its own hours (issue #31), else its category's (edited in Categorías)
    optionGroupIds: product?.optionGroupIds ?? [],
  })
  const { control } = form
  const [uploading, setUploading] = useState(false)
  // A dish of one size has a price, not a 'medium' one: the size is named only when there are two.
  const twoSizes = String(useWatch({ control, name: 'priceGrande' }) ?? '').trim() !== ''

  return (
    <Form form={form} onSubmit={onSubmit}>
      <TextField control={control} name="name" id="product-name" label="Nombre" />
      <TextareaField control={control} name="description" id="product-description" label="Descripción" rows={3} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField control={control} name="category" id="product-category" label="Categoría" options={categoryOptions} labels={categoryLabels} />
        <NumberField control={control} name="displayOrder" id="product-order" label="Posición en el menú" hint="Los números más bajos salen primero." min={undefined} placeholder="0" />
        <NumberField control={control} name="price" id="product-price" label={twoSizes ? 'Precio mediano (Q)' : 'Precio (Q)'} placeholder="0" />
        <NumberField control={control} name="priceGrande" id="product-price-grande" label="Precio grande (Q, opcional)" placeholder="Sin tamaño grande" />
        <NumberField
          control={control}
          name="dailyLimit"
          id="product-daily-limit"
          label="Porciones por día"
          hint="Vacío: sin límite. Al llegar a cero sale 'Agotado por hoy' hasta mañana."
          min={1}
          placeholder="Sin límite"
        />
      </div>
      <SwitchField
        control={control}
        name="available"
        id="product-available"
        on="Disponible"
        off="Agotado"
        hint="Un producto agotado sigue en el menú, marcado como Agotado, y no se puede pedir."
      />
      <Controller control={control} name="windows" render={({ field, fieldState }) => <ProductWindowsField value={field.value} onChange={field.onChange} error={fieldState.error} />} />
      <ImageField control={control} name="image" id="product-image" label="Imagen del producto" target="product-image" onUploadingChange={setUploading} />
      {PICKERS.map(({ type, ...picker }) => (
        <IngredientPicker
          key={picker.name}
          control={control}
          {...picker}
          options={ingredients.filter((i) => i.type === type)}
          loading={ingredientsLoading}
        />
      ))}
      <OptionGroupPicker control={control} name="optionGroupIds" groups={optionGroups} loading={optionGroupsLoading} />
      <DialogFormFooter
        saving={saving}
        editing={product !== null}
        busy={uploading}
        className="sticky -bottom-6 -mx-6 -mb-6 border-t border-border bg-card px-6 py-4"
      />
    </Form>
  )
}
