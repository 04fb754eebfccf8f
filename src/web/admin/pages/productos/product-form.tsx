import { useState, type FormEvent } from 'react'
import { CATEGORY_LABELS, PRODUCT_CATEGORIES } from '@/shared/menu'
import { productInputSchema, type Ingredient, type Product, type ProductCategory, type ProductData } from '@/shared/schemas'
import { Button } from '@/web/ui/button'
import { DialogClose, DialogFooter } from '@/web/ui/dialog'
import { Input } from '@/web/ui/input'
import { Select } from '@/web/ui/select'
import { Switch } from '@/web/ui/switch'
import { Textarea } from '@/web/ui/textarea'
import { Field, hintId, invalidProps } from '../../components/field'
import { ImageUpload } from '../../components/image-upload'
import { useValidation } from '../../lib/use-validation'
import { IngredientPicker } from './ingredient-picker'

type Props = {
  product: Product | null
  ingredients: Ingredient[]
  ingredientsLoading: boolean
  saving: boolean
  onSubmit: (data: ProductData) => void
}

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n))

/** Product fields, validated with the shared productInputSchema. */
export function ProductForm({ product, ingredients, ingredientsLoading, saving, onSubmit }: Props) {
  const [name, setName] = useState(product?.name ?? '')
  const [description, setDescription] = useState(product?.description ?? '')
  const [category, setCategory] = useState<ProductCategory>(product?.category ?? 'chilaquiles')
  const [price, setPrice] = useState(text(product?.price))
  const [priceGrande, setPriceGrande] = useState(text(product?.priceGrande))
  const [displayOrder, setDisplayOrder] = useState(text(product?.displayOrder))
  const [available, setAvailable] = useState(product?.available ?? true)
  const [image, setImage] = useState<string | null>(product?.image ?? null)
  const [availableSauces, setSauces] = useState<number[]>(product?.availableSauces ?? [])
  const [baseIngredientIds, setBase] = useState<number[]>(product?.baseIngredientIds ?? [])
  const [extraIngredientIds, setExtras] = useState<number[]>(product?.extraIngredientIds ?? [])
  const [uploading, setUploading] = useState(false)
  const { errors, check } = useValidation(productInputSchema, {
    name,
    description,
    category,
    price,
    priceGrande,
    sauce: product?.sauce ?? null,
    image,
    available,
    displayOrder,
    availableSauces,
    baseIngredientIds,
    extraIngredientIds,
  })

  const ofType = (t: Ingredient['type']) => ingredients.filter((i) => i.type === t)

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const data = check()
    if (data) onSubmit(data)
  }

  const money = (id: string, label: string, value: string, set: (v: string) => void, error: string | undefined, placeholder: string) => (
    <Field id={id} label={label} error={error}>
      <Input
        id={id}
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        placeholder={placeholder}
        value={value}
        onChange={(e) => set(e.target.value)}
        {...invalidProps(id, error)}
      />
    </Field>
  )

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <Field id="product-name" label="Nombre" error={errors.name}>
        <Input id="product-name" value={name} onChange={(e) => setName(e.target.value)} {...invalidProps('product-name', errors.name)} />
      </Field>
      <Field id="product-description" label="Descripción" error={errors.description}>
        <Textarea
          id="product-description"
          rows={3}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          {...invalidProps('product-description', errors.description)}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="product-category" label="Categoría" error={errors.category}>
          <Select id="product-category" value={category} onChange={(e) => setCategory(e.target.value as ProductCategory)}>
            {PRODUCT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {CATEGORY_LABELS[c]}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="product-order" label="Orden de visualización" error={errors.displayOrder}>
          <Input
            id="product-order"
            type="number"
            inputMode="numeric"
            step={1}
            placeholder="0"
            value={displayOrder}
            onChange={(e) => setDisplayOrder(e.target.value)}
            {...invalidProps('product-order', errors.displayOrder)}
          />
        </Field>
        {money('product-price', 'Precio Mediano (Q)', price, setPrice, errors.price, '0')}
        {money('product-price-grande', 'Precio Grande (Q, opcional)', priceGrande, setPriceGrande, errors.priceGrande, 'Sin tamaño grande')}
      </div>
      <div className="flex items-start gap-3">
        <Switch
          id="product-available"
          checked={available}
          onCheckedChange={setAvailable}
          aria-labelledby="product-available-label"
          aria-describedby={hintId('product-available')}
        />
        <div className="grid gap-0.5">
          <span id="product-available-label" className="text-sm font-medium">
            {available ? 'Disponible' : 'Agotado'}
          </span>
          <p id={hintId('product-available')} className="text-xs text-muted-foreground">
            Un producto agotado sigue en el menú, marcado como Agotado, y no se puede pedir.
          </p>
        </div>
      </div>
      <ImageUpload id="product-image" label="Imagen del producto" target="product-image" value={image} onChange={setImage} onUploadingChange={setUploading} />
      {errors.image ? <p className="text-sm font-medium text-destructive">{errors.image}</p> : null}
      <IngredientPicker
        id="product-sauces"
        legend="Salsas disponibles"
        options={ofType('salsa')}
        selected={availableSauces}
        loading={ingredientsLoading}
        empty="No hay salsas creadas"
        onChange={setSauces}
      />
      <IngredientPicker
        id="product-base"
        legend="Ingredientes base"
        options={ofType('base')}
        selected={baseIngredientIds}
        loading={ingredientsLoading}
        empty="No hay ingredientes base"
        onChange={setBase}
      />
      <IngredientPicker
        id="product-extras"
        legend="Ingredientes extras"
        options={ofType('extra')}
        selected={extraIngredientIds}
        loading={ingredientsLoading}
        empty="No hay ingredientes extras"
        onChange={setExtras}
      />
      <DialogFooter className="sticky -bottom-6 -mx-6 -mb-6 border-t border-border bg-card px-6 py-4">
        <DialogClose asChild>
          <Button variant="outline">Cancelar</Button>
        </DialogClose>
        <Button type="submit" disabled={saving || uploading}>
          {saving ? 'Guardando...' : product ? 'Actualizar' : 'Crear'}
        </Button>
      </DialogFooter>
    </form>
  )
}
