import { useState } from 'react'
import { type Category, type CategoryInput, categoryInputSchema } from '@/shared/schemas/category'
import type { ServiceWindow, WhenUnavailable } from '@/shared/service-windows'
import { ServiceWindowsEditor } from '../../components/service-windows-editor'
import { Button } from '@/web/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/ui/dialog'
import { Input } from '@/web/ui/input'
import { Label } from '@/web/ui/label'
import { Select } from '@/web/ui/select'
import { Textarea } from '@/web/ui/textarea'

type Props = {
  open: boolean
  /** null: 'Nueva Categoría'. */
  category: Category | null
  saving: boolean
  onOpenChange: (open: boolean) => void
  onSubmit: (input: CategoryInput) => void
}


/** A slug from a name: 'Desayunos típicos' → 'desayunos-tipicos'. */
export const slugOf = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)

/**
 * 'Nueva Categoría' / 'Editar Categoría': name, slug (fixed once created), description, hours and
 * what happens outside them. The form is one column as wide as the dialog (the fieldset too: a
 * fieldset is as wide as its content by default), so on a phone the longest option of 'Fuera de
 * horario' shrinks into the select instead of pushing the form past the screen (issue #40).
 */
export function CategoryDialog({ open, onOpenChange, ...rest }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        {open && <CategoryForm key={rest.category?.slug ?? 'new'} onCancel={() => onOpenChange(false)} {...rest} />}
      </DialogContent>
    </Dialog>
  )
}

function CategoryForm({ category, saving, onSubmit, onCancel }: Omit<Props, 'open' | 'onOpenChange'> & { onCancel: () => void }) {
  const [name, setName] = useState(category?.name ?? '')
  const [slug, setSlug] = useState(category?.slug ?? '')
  const [slugTouched, setSlugTouched] = useState(false)
  const [description, setDescription] = useState(category?.description ?? '')
  const [windows, setWindows] = useState<ServiceWindow[]>(category?.windows ?? [])
  const [whenUnavailable, setWhenUnavailable] = useState<WhenUnavailable>(category?.whenUnavailable ?? 'show')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const shownSlug = category ? category.slug : slugTouched ? slug : slugOf(name)


  function submit(e: React.FormEvent) {
    e.preventDefault()
    const input: CategoryInput = {
      slug: shownSlug,
      name,
      description,
      displayOrder: category?.displayOrder ?? 0,
      visible: category?.visible ?? true,
      windows,
      whenUnavailable,
    }
    const parsed = categoryInputSchema.safeParse(input)
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message])))
      return
    }
    setErrors({})
    onSubmit(input)
  }

  return (
    <form onSubmit={submit} noValidate className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <DialogHeader>
        <DialogTitle>{category ? 'Editar Categoría' : 'Nueva Categoría'}</DialogTitle>
        <DialogDescription>El nombre es la pestaña del menú; el horario limita cuándo se sirven sus platillos.</DialogDescription>
      </DialogHeader>
      <div className="grid gap-1.5">
        <Label htmlFor="category-name">Nombre</Label>
        <Input id="category-name" value={name} onChange={(e) => setName(e.target.value)} aria-invalid={!!errors.name} />
        {errors.name && <p className="text-sm text-destructive">{errors.name}</p>}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="category-slug">Identificador</Label>
        <Input
          id="category-slug"
          value={shownSlug}
          disabled={!!category}
          onChange={(e) => {
            setSlugTouched(true)
            setSlug(e.target.value)
          }}
          aria-describedby="category-slug-hint"
          aria-invalid={!!errors.slug}
        />
        <p id="category-slug-hint" className="text-xs text-muted-foreground">
          {category ? 'No cambia una vez creada.' : 'Minúsculas, números y guiones (2-40). No cambia una vez creada.'}
        </p>
        {errors.slug && <p className="text-sm text-destructive">{errors.slug}</p>}
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="category-description">Descripción</Label>
        <Textarea id="category-description" value={description} onChange={(e) => setDescription(e.target.value)} rows={2} />
      </div>
      <fieldset className="grid min-w-0 gap-3">
        <legend className="mb-1 text-sm font-medium">Horario de servicio</legend>
        <ServiceWindowsEditor id="window" windows={windows} onChange={setWindows} errors={errors} emptyText="Sin horario: se sirve siempre que el restaurante está abierto." />
        {windows.length > 0 && (
          <div className="grid gap-1.5">
            <Label htmlFor="category-when-unavailable">Fuera de horario</Label>
            <Select
              id="category-when-unavailable"
              value={whenUnavailable}
              aria-describedby="category-when-unavailable-hint"
              onChange={(e) => setWhenUnavailable(e.target.value === 'hide' ? 'hide' : 'show')}
            >
              <option value="show">Mostrar con su horario</option>
              <option value="hide">Ocultar del menú</option>
            </Select>
            {/* The longer words under the select, not in its option: on a phone a long option is cut off. */}
            <p id="category-when-unavailable-hint" className="text-xs text-muted-foreground">
              {whenUnavailable === 'show' ? 'Sus platillos se ven con su horario, sin botón para agregar.' : 'Sus platillos no aparecen en el menú fuera de su horario.'}
            </p>
          </div>
        )}
      </fieldset>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancelar
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Guardando...' : category ? 'Actualizar' : 'Crear'}
        </Button>
      </DialogFooter>
    </form>
  )
}
