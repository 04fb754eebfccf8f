import type { Size } from '../../../shared/cart'
import { CATEGORY_LABELS, MENU_CATEGORIES, type MenuCategory } from '../../../shared/menu'
import { cn } from '../../ui/cn'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs'
import type { StoreProduct } from '../../../shared/landing-data'
import { ProductCard } from './product-card'
import { ProductSkeleton } from './product-skeleton'

/** SPEC: 3 columns on large screens, 4 for bebidas; as many skeletons while loading. */
const COLUMNS: Record<MenuCategory, 3 | 4> = { chilaquiles: 3, bebidas: 4, postres: 3 }
const GRID = { 3: 'sm:grid-cols-2 lg:grid-cols-3', 4: 'sm:grid-cols-2 lg:grid-cols-4' } as const

type Props = {
  /** null while the menu has not arrived yet. */
  products: StoreProduct[] | null
  onAdd: (product: StoreProduct, size: Size) => void
  onViewImage: (product: StoreProduct) => void
}

export function MenuSection({ products, onAdd, onViewImage }: Props) {
  return (
    <section id="menu" aria-labelledby="menu-title" className="scroll-mt-16 py-14">
      <div className="mx-auto max-w-6xl px-4">
        <div className="mb-6 text-center">
          <h2 id="menu-title" className="font-display text-4xl font-bold">Nuestro Menú</h2>
          <p className="mt-2 text-muted-foreground">Escoge tu plato, tu tamaño y tu salsa.</p>
        </div>
        <Tabs defaultValue="chilaquiles">
          <div className="flex justify-center">
            <TabsList aria-label="Categorías del menú">
              {MENU_CATEGORIES.map((tab) => (
                <TabsTrigger key={tab} value={tab}>
                  {CATEGORY_LABELS[tab]}
                </TabsTrigger>
              ))}
            </TabsList>
          </div>
          {MENU_CATEGORIES.map((tab) => {
            const items = products?.filter((p) => p.category === tab) ?? null
            const columns = COLUMNS[tab]
            return (
              // forceMount keeps every category in the server HTML: without JS a <noscript> style
              // in the document shows all panels, so the whole menu is readable.
              <TabsContent key={tab} value={tab} forceMount>
                <h3 data-category-title className="sr-only">{CATEGORY_LABELS[tab]}</h3>
                {items === null ? (
                  <ul className={cn('grid gap-5', GRID[columns])} aria-label="Cargando productos" aria-busy="true">
                    {Array.from({ length: columns }, (_, i) => (
                      <li key={i}><ProductSkeleton /></li>
                    ))}
                  </ul>
                ) : items.length === 0 ? (
                  <p className="py-10 text-center text-muted-foreground">Muy pronto tendremos {CATEGORY_LABELS[tab].toLowerCase()} en el menú.</p>
                ) : (
                  <ul className={cn('grid gap-5', GRID[columns])}>
                    {items.map((product, i) => (
                      <li key={product.id}>
                        <ProductCard product={product} eager={tab === 'chilaquiles' && i < 1} onAdd={onAdd} onViewImage={onViewImage} />
                      </li>
                    ))}
                  </ul>
                )}
              </TabsContent>
            )
          })}
        </Tabs>
      </div>
    </section>
  )
}
