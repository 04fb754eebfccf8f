import { CATEGORY_LABELS } from '@/shared/menu'
import { Badge } from '@/web/ui/badge'
import { Card, CardDescription, CardHeader, CardTitle } from '@/web/ui/card'
import { PageHeader } from '../../components/page-header'

/** Static, hard-coded (SPEC): no calls. */
const STATIC_CATEGORIES = [
  { name: CATEGORY_LABELS.chilaquiles, description: 'Platillo principal', products: 3 },
  { name: CATEGORY_LABELS.bebidas, description: 'Refrescos y aguas', products: 4 },
  { name: CATEGORY_LABELS.postres, description: 'Dulces tradicionales', products: 3 },
]

export default function CategoriasPage() {
  return (
    <div>
      <PageHeader title="Categorías" description="Categorías del menú" />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {STATIC_CATEGORIES.map((c) => (
          <li key={c.name}>
            <Card className="h-full">
              <CardHeader>
                <div className="flex items-start justify-between gap-2">
                  <CardTitle as="h2">{c.name}</CardTitle>
                  <Badge variant="secondary">{c.products} productos</Badge>
                </div>
                <CardDescription>{c.description}</CardDescription>
              </CardHeader>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  )
}
