import type { UseQueryResult } from '@tanstack/react-query'
import { CATEGORY_LABELS, PRODUCT_CATEGORIES } from '@/shared/menu'
import type { Product } from '@/shared/schemas'
import { Badge } from '@/web/ui/badge'
import { Card, CardContent, CardHeader, CardTitle } from '@/web/ui/card'
import { Skeleton } from '@/web/ui/skeleton'
import { QueryError } from '../../components/query-state'
import { useCategories } from '../categorias/use-categories'

export function ProductsByCategory({ query }: { query: UseQueryResult<Product[]> }) {
  // The owner's categories in menu order (issue #31); the SPEC's four until they arrive.
  const owned = useCategories().data
  const groups = owned?.length ? owned.map((c) => ({ slug: c.slug, name: c.name, visible: c.visible })) : PRODUCT_CATEGORIES.map((slug) => ({ slug: slug as string, name: CATEGORY_LABELS[slug], visible: slug !== 'extras' }))
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Productos por categoría</CardTitle>
      </CardHeader>
      <CardContent>
        {query.isLoading ? (
          <div className="grid gap-2">
            <Skeleton className="h-6" />
            <Skeleton className="h-6" />
            <Skeleton className="h-6" />
          </div>
        ) : query.isError ? (
          <QueryError error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <ul className="grid gap-3">
            {groups.map(({ slug: category, name, visible }) => {
              const items = (query.data ?? []).filter((p) => p.category === category)
              if (!visible && items.length === 0) return null
              return (
                <li key={category} className="rounded-lg border border-border p-3">
                  <div className="flex items-center justify-between gap-2">
                    <span className="font-semibold">{name}</span>
                    <Badge variant="muted">
                      {items.length} {items.length === 1 ? 'producto' : 'productos'}
                    </Badge>
                  </div>
                  {items.length > 0 ? <p className="mt-1 text-sm text-muted-foreground">{items.map((p) => p.name).join(', ')}</p> : null}
                </li>
              )
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
