import { ArrowDown, ArrowUp, Clock, Pencil, Plus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import type { Category } from '@/shared/schemas/category'
import { windowsLabel } from '@/shared/service-windows'
import { Badge } from '@/web/ui/badge'
import { Button } from '@/web/ui/button'
import { Card, CardDescription, CardHeader, CardTitle } from '@/web/ui/card'
import { Switch } from '@/web/ui/switch'
import { useQuery } from '@tanstack/react-query'
import { Loading } from '../../components/loading'
import { PageHeader } from '../../components/page-header'
import { QueryError } from '../../components/query-state'
import { productsQuery } from '../../lib/query-keys'
import { CategoryDialog } from './category-dialog'
import { useCategories, useCategoryMutations } from './use-categories'

/**
 * The owner's menu categories (issue #31): create, rename, reorder, hide, windows. With the
 * seed data it reads as the SPEC's page did: Chilaquiles 'Platillo principal' 3 productos,
 * Bebidas 'Refrescos y aguas' 4 productos, Postres 'Dulces tradicionales' 3 productos.
 */
export default function CategoriasPage() {
  const categories = useCategories()
  const products = useQuery(productsQuery())
  const { create, update, move, remove } = useCategoryMutations()
  const [dialog, setDialog] = useState<{ open: boolean; category: Category | null }>({ open: false, category: null })
  const list = categories.data ?? []
  const count = (slug: string) => (products.data ?? []).filter((p) => p.category === slug).length
  const busy = move.isPending

  return (
    <div>
      <PageHeader
        title="Categorías"
        description="Categorías del menú"
        actions={
          <Button onClick={() => setDialog({ open: true, category: null })}>
            <Plus aria-hidden="true" />
            Agregar Categoría
          </Button>
        }
      />
      {categories.isLoading ? (
        <Loading text="Cargando categorías..." />
      ) : categories.isError ? (
        <QueryError error={categories.error} onRetry={() => void categories.refetch()} />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Categorías en el orden del menú">
          {list.map((c, i) => {
            const n = count(c.slug)
            const hours = windowsLabel(c.windows)
            return (
              <li key={c.slug} data-testid="category-card" data-slug={c.slug}>
                <Card className={c.visible ? 'h-full' : 'h-full opacity-75'}>
                  <CardHeader className="gap-3">
                    <div className="flex items-start justify-between gap-2">
                      <CardTitle as="h2">{c.name}</CardTitle>
                      <Badge variant="secondary">{n} {n === 1 ? 'producto' : 'productos'}</Badge>
                    </div>
                    <CardDescription>{c.description}</CardDescription>
                    <div className="flex flex-wrap gap-2 text-xs">
                      {!c.visible && <Badge variant="muted">Oculta en el menú</Badge>}
                      {hours && (
                        <Badge variant="outline" data-testid="category-hours">
                          <Clock aria-hidden="true" className="size-3" />
                          {hours}
                          {c.whenUnavailable === 'hide' ? ' · se oculta fuera de horario' : ''}
                        </Badge>
                      )}
                    </div>
                    <div className="flex flex-wrap items-center justify-between gap-2 border-t border-border pt-3">
                      <label className="flex items-center gap-2 text-sm">
                        <Switch
                          checked={c.visible}
                          aria-label={`Mostrar ${c.name} en el menú`}
                          onCheckedChange={(visible) => update.mutate({ category: c, change: { visible } })}
                        />
                        Visible
                      </label>
                      <div className="flex gap-1">
                        <Button variant="ghost" size="icon" aria-label={`Subir ${c.name}`} disabled={busy || i === 0} onClick={() => move.mutate({ list, slug: c.slug, by: -1 })}>
                          <ArrowUp aria-hidden="true" />
                        </Button>
                        <Button variant="ghost" size="icon" aria-label={`Bajar ${c.name}`} disabled={busy || i === list.length - 1} onClick={() => move.mutate({ list, slug: c.slug, by: 1 })}>
                          <ArrowDown aria-hidden="true" />
                        </Button>
                        <Button variant="ghost" size="icon" aria-label={`Editar ${c.name}`} onClick={() => setDialog({ open: true, category: c })}>
                          <Pencil aria-hidden="true" />
                        </Button>
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Eliminar ${c.name}`}
                          disabled={n > 0}
                          title={n > 0 ? 'Mueve sus productos antes de eliminarla' : undefined}
                          onClick={() => remove.mutate(c.slug)}
                        >
                          <Trash2 aria-hidden="true" />
                        </Button>
                      </div>
                    </div>
                  </CardHeader>
                </Card>
              </li>
            )
          })}
        </ul>
      )}
      <CategoryDialog
        open={dialog.open}
        category={dialog.category}
        saving={create.isPending || update.isPending}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        onSubmit={(input) => {
          const done = () => setDialog((d) => ({ ...d, open: false }))
          if (dialog.category) update.mutate({ category: dialog.category, change: input }, { onSuccess: done })
          else create.mutate({ ...input, displayOrder: list.length ? Math.max(...list.map((c) => c.displayOrder)) + 1 : 0 }, { onSuccess: done })
        }}
      />
    </div>
  )
}
