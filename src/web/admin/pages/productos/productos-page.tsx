import { FileUp, ListChecks, Package, Plus } from 'lucide-react'
import { useState } from 'react'
import { CATEGORY_LABELS, PRODUCT_CATEGORIES } from '@/shared/menu'
import type { Product, ProductData } from '@/shared/schemas'
import { type ServiceWindow, windowsLabel } from '@/shared/service-windows'
import { Badge } from '@/web/ui/badge'
import { Button, buttonVariants } from '@/web/ui/button'
import { Card, CardHeader, CardTitle } from '@/web/ui/card'
import { cn } from '@/web/ui/cn'
import { Loading } from '../../components/loading'
import { PageHeader } from '../../components/page-header'
import { EmptyState, QueryError } from '../../components/query-state'
import { useIngredients } from '../ingredientes/use-ingredients'
import { ProductCard } from './product-card'
import { ProductDialog } from './product-dialog'
import { ExportMenuLink, ImportMenuDialog } from './menu-sheet-dialog'
import { sortProducts, useProductAvailability, useProductMutations, useProducts, useRemaining } from './use-products'
import { useCurrentUser } from '../../lib/auth'
import { useCategories } from '../categorias/use-categories'
import { OptionStock } from '../opciones/option-stock'
import { useOptionGroups } from '../opciones/use-option-groups'

type Group = { slug: string; name: string; windows: readonly ServiceWindow[] }

/** The groups in the owner's order (GET /api/categories; the SPEC's four while it loads), then any other slug a product names. */
function groupsOf(categories: readonly Group[] | undefined, products: readonly Product[]): Group[] {
  const groups: Group[] = categories?.length
    ? categories.map((c) => ({ slug: c.slug, name: c.name, windows: c.windows }))
    : PRODUCT_CATEGORIES.map((slug) => ({ slug: slug as string, name: CATEGORY_LABELS[slug], windows: [] }))
  for (const p of products) if (!groups.some((g) => g.slug === p.category)) groups.push({ slug: p.category, name: p.category, windows: [] })
  return groups
}

export default function ProductosPage() {
  const products = useProducts()
  const categories = useCategories()
  const ingredients = useIngredients()
  const optionGroups = useOptionGroups()
  const crud = useProductMutations()
  const availability = useProductAvailability()
  const remaining = useRemaining()
  const admin = useCurrentUser().user?.role === 'admin'
  const [dialog, setDialog] = useState<{ open: boolean; product: Product | null }>({ open: false, product: null })
  const [importing, setImporting] = useState(false)

  const list = products.data ?? []
  const groups = optionGroups.data ?? []
  const groupNames = new Map(groups.map((g) => [g.id, g.name]))

  async function submit(data: ProductData) {
    if (await crud.save(dialog.product?.id ?? null, data)) setDialog((d) => ({ ...d, open: false }))
  }

  return (
    <div>
      <PageHeader
        title="Productos"
        description="El menú agrupado por categoría"
        actions={
          <>
            {groups.length > 0 ? (
              <a href="#opciones" className={buttonVariants({ variant: 'outline' })}>
                <ListChecks aria-hidden="true" />
                Disponibilidad de opciones
              </a>
            ) : null}
            {admin ? (
              <>
                <ExportMenuLink />
                <Button variant="outline" onClick={() => setImporting(true)}>
                  <FileUp aria-hidden="true" />
                  Importar
                </Button>
              </>
            ) : null}
            {admin ? (
              <Button onClick={() => setDialog({ open: true, product: null })}>
                <Plus aria-hidden="true" />
                Agregar Producto
              </Button>
            ) : null}
          </>
        }
      />
      {products.isLoading ? (
        <Loading text="Cargando productos..." />
      ) : products.isError ? (
        <QueryError error={products.error} onRetry={() => void products.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState icon={<Package aria-hidden="true" className="size-8" />}>No hay productos. Agrega el primero o inicializa la base de datos.</EmptyState>
      ) : (
        <div className="grid gap-8">
          {groupsOf(categories.data, list).map(({ slug: category, name, windows }) => {
            const items = sortProducts(list.filter((p) => p.category === category))
            if (items.length === 0) return null
            return (
              <section key={category} aria-labelledby={`cat-${category}`}>
                <h2 id={`cat-${category}`} className={cn('flex items-center gap-2 text-xl font-bold', windows.length ? 'mb-1' : 'mb-3')}>
                  {name}
                  <Badge variant="muted">{items.length}</Badge>
                </h2>
                {/* The category's hours, which its dishes follow unless they have their own (said on their card). */}
                {windows.length ? (
                  <p className="mb-3 text-sm text-muted-foreground" data-testid="section-hours">
                    {windowsLabel(windows)}
                  </p>
                ) : null}
                <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
                  {items.map((product) => (
                    <li key={product.id}>
                      <ProductCard
                        product={product}
                        optionGroupNames={(product.optionGroupIds ?? []).flatMap((id) => groupNames.get(id) ?? [])}
                        left={remaining.data?.[String(product.id)]}
                        deleting={crud.remove.isPending && crud.remove.variables === product.id}
                        onEdit={admin ? () => setDialog({ open: true, product }) : undefined}
                        onDelete={admin ? () => crud.remove.mutate(product.id) : undefined}
                        onAvailable={(available) => availability.mutate({ id: product.id, available })}
                      />
                    </li>
                  ))}
                </ul>
              </section>
            )
          })}
        </div>
      )}
      {groups.length > 0 ? (
        // Any account switches an option 'Agotado' here, as it does a product (the rest of a group is the owner's, in Opciones).
        <section id="opciones" aria-labelledby="opciones-title" className="mt-10 scroll-mt-20">
          <h2 id="opciones-title" className="flex items-center gap-2 text-xl font-bold">
            Opciones
            <Badge variant="muted">{groups.length}</Badge>
          </h2>
          <p className="mb-3 text-sm text-muted-foreground">Marca una opción como Agotado cuando se termine: el cliente la ve, pero no la puede elegir.</p>
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {groups.map((group) => (
              <li key={group.id}>
                <Card className="h-full">
                  <CardHeader className="gap-1">
                    <CardTitle>{group.name}</CardTitle>
                    <OptionStock group={group} />
                  </CardHeader>
                </Card>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {admin ? <ImportMenuDialog open={importing} onOpenChange={setImporting} /> : null}
      <ProductDialog
        open={dialog.open}
        product={dialog.product}
        ingredients={ingredients.data ?? []}
        ingredientsLoading={ingredients.isLoading}
        categories={categories.data}
        optionGroups={groups}
        optionGroupsLoading={optionGroups.isLoading}
        saving={crud.saving}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        onSubmit={submit}
      />
    </div>
  )
}
