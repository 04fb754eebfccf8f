import { useEffect, useRef, useState } from 'react'
import type { Size } from '../../../shared/cart'
import { type OrderSettings } from '../../../shared/order-slots'
import { inWindows, orderMinute, windowsLabel } from '../../../shared/service-windows'
import { cn } from '../../ui/cn'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs'
import { DEFAULT_MENU_TABS, type MenuTab, type StoreProduct, type StoreProductWindows } from '../../../shared/landing-data'
import { leftOf, useRemaining } from '../remaining-store'
import { ProductCard } from './product-card'
import { ProductSkeleton } from './product-skeleton'

/** SPEC: 3 columns on large screens, 4 for bebidas; as many skeletons while loading. */
const columnsOf = (slug: string): 3 | 4 => (slug === 'bebidas' ? 4 : 3)

/**
 * The wall-clock minute an order placed now is for (now + preparation). Before hydration it is
 * the server's render minute (LandingData.orderAt), so the HTML already leaves out a 'hide'
 * category's dishes outside their hours and the first render agrees with it (decision 017);
 * then the clock decides, twice a minute. Only a menu with a dish that has hours needs the
 * clock: reading the restaurant's time zone through Intl costs a phone its ICU set-up (22 ms,
 * 88 ms on Lighthouse's throttled phone), so without such a dish it is never read, and with
 * one its first reading is a task of its own, after the hydration's.
 */
function useOrderMinute(settings: OrderSettings | undefined, renderedAt: number | undefined, needed: boolean): number | null {
  const [minute, setMinute] = useState<number | null>(renderedAt ?? null)
  useEffect(() => {
    if (!settings || !needed) return
    const tick = () => setMinute(orderMinute({ now: new Date(), settings }))
    const first = setTimeout(tick, 0)
    const timer = setInterval(tick, 30_000)
    return () => {
      clearTimeout(first)
      clearInterval(timer)
    }
  }, [settings, needed])
  return minute
}
const GRID = { 3: 'sm:grid-cols-2 lg:grid-cols-3', 4: 'sm:grid-cols-2 lg:grid-cols-4' } as const

type Props = {
  /** null while the menu has not arrived yet. */
  products: (StoreProduct & StoreProductWindows)[] | null
  /** The tabs: the visible categories in display order (the SPEC's three by default). */
  categories?: MenuTab[]
  /** For the time an order placed now is for (a dish's hours, issue #31). */
  orderSettings?: OrderSettings
  /** The minute the server judged the dishes' hours at (LandingData.orderAt). */
  orderAt?: number
  /** Counts the taps on 'Ordena Ya': each lands on a section with something orderable now. */
  orderNow?: number
  onAdd: (product: StoreProduct, size: Size) => void
  onViewImage: (product: StoreProduct) => void
}

export function MenuSection({ products, categories = DEFAULT_MENU_TABS, orderSettings, orderAt, orderNow = 0, onAdd, onViewImage }: Props) {
  const at = useOrderMinute(orderSettings, orderAt, !!products?.some((p) => p.windows?.length))
  const remaining = useRemaining()
  // Outside its hours: 'hide' leaves the dish out, 'show' keeps it, not addable.
  const outside = (p: StoreProductWindows) => at !== null && !!p.windows?.length && !inWindows(p.windows, at)
  const itemsOf = ({ slug, whenUnavailable }: MenuTab) => products?.filter((p) => p.category === slug && !(whenUnavailable === 'hide' && outside(p))) ?? null
  const orderable = (p: StoreProduct & StoreProductWindows) => p.available && leftOf(remaining, p.id) !== 0 && !outside(p)
  const hasOrderable = (tab: MenuTab | undefined) => !!tab && !!itemsOf(tab)?.some(orderable)
  // The section a customer lands on: the first with something orderable now (issue 40: not breakfast
  // at 15:30), else the first. The server judges it at its render minute, as the first render does.
  const landing = (categories.find(hasOrderable) ?? categories[0])?.slug ?? 'chilaquiles'
  // The customer's own choice, while its tab is still on the menu (a hidden category's leaves).
  const [chosen, setChosen] = useState<string | null>(null)
  const selected = chosen !== null && categories.some((c) => c.slug === chosen) ? chosen : landing
  const showsOrderable = hasOrderable(categories.find((c) => c.slug === selected))
  useEffect(() => {
    if (orderNow > 0 && !showsOrderable) setChosen(null)
    // Only a tap decides: the section shown as it was at that tap.
  }, [orderNow])
  // More tabs than a phone's width scroll sideways: the selected one is brought into the row's view.
  const row = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const box = row.current
    const tab = box?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')
    if (!box || !tab) return
    const [outer, inner] = [box.getBoundingClientRect(), tab.getBoundingClientRect()]
    if (inner.left < outer.left || inner.right > outer.right) box.scrollLeft += inner.left - outer.left - (outer.width - inner.width) / 2
  }, [selected])
  return (
    <section id="menu" aria-labelledby="menu-title" className="scroll-mt-16 py-14">
      <div className="mx-auto max-w-6xl px-4">
        <div className="mb-6 text-center">
          <h2 id="menu-title" className="font-display text-4xl font-bold">Nuestro Menú</h2>
          <p className="mt-2 text-muted-foreground">Escoge tu plato, tu tamaño y tu salsa.</p>
        </div>
        <Tabs value={selected} onValueChange={setChosen}>
          {/* Centred while the tabs fit; more tabs than a phone's width scroll sideways from the first (issue #31). */}
          <div ref={row} className="-mx-4 flex overflow-x-auto px-4">
            <TabsList aria-label="Categorías del menú" className="mx-auto shrink-0">
              {categories.map((tab) => (
                <TabsTrigger key={tab.slug} value={tab.slug}>
                  {tab.name}
                </TabsTrigger>
              ))}
            </TabsList>
          </div>
          {categories.map((category) => {
            const { slug: tab, name } = category
            const items = itemsOf(category)
            const columns = columnsOf(tab)
            return (
              // forceMount keeps every category in the server HTML: without JS a <noscript> style
              // in the document shows all panels, so the whole menu is readable.
              <TabsContent key={tab} value={tab} forceMount>
                <h3 data-category-title className="sr-only">{name}</h3>
                {items === null ? (
                  <ul className={cn('grid gap-5', GRID[columns])} aria-label="Cargando productos" aria-busy="true">
                    {Array.from({ length: columns }, (_, i) => (
                      <li key={i}><ProductSkeleton /></li>
                    ))}
                  </ul>
                ) : items.length === 0 ? (
                  <p className="py-10 text-center text-muted-foreground">Muy pronto tendremos {name.toLowerCase()} en el menú.</p>
                ) : (
                  <ul className={cn('grid gap-5', GRID[columns])}>
                    {items.map((product, i) => (
                      <li key={product.id}>
                        <ProductCard
                          product={product}
                          eager={tab === selected && i < 1}
                          hours={product.windows?.length ? windowsLabel(product.windows) : undefined}
                          outsideHours={outside(product)}
                          onAdd={onAdd}
                          onViewImage={onViewImage}
                        />
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
