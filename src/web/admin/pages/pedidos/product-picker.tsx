/**
 * 'Agregar producto' in 'Editar pedido' (issue #34): the menu, searchable, each dish with the
 * storefront's own size control; a dish that asks for choices (chilaquiles, option groups) opens
 * the storefront's own drawer (customize-drawer.tsx, as is), any other goes straight in, as on the
 * storefront's card. One set of components: what staff add is what a customer could have chosen.
 * What the order cannot have at its time is shown as the storefront shows it and offers no
 * 'Agregar' (issue #40): 'Agotado por hoy' (switched off, or no portions left), 'Disponible de
 * 7:00 a 11:00' (outside its hours: edit-availability.ts, the storefront's and the save's rule).
 */
import { useQuery } from '@tanstack/react-query'
import { Plus, Search } from 'lucide-react'
import { useId, useMemo, useState } from 'react'
import { type AddInput, type Size, unitPrice } from '@/shared/cart'
import { formatQ } from '@/shared/money'
import type { Category, Product } from '@/shared/schemas'
import { Button } from '@/web/ui/button'
import { cn } from '@/web/ui/cn'
import { Input } from '@/web/ui/input'
import { Skeleton } from '@/web/ui/skeleton'
import { loadDrawer, opensDrawer } from '@/web/store/customisable'
import { CustomizeDrawer } from '@/web/store/components/customize-drawer'
import { SizeSelector } from '@/web/store/components/size-selector'
import { fewLeftLabel } from '@/web/store/remaining-store'
import type { DrawerTarget } from '@/web/store/customize-options'
import { QueryError } from '../../components/query-state'
import { categoriesQuery, productsQuery } from '../../lib/query-keys'
import { type AddState, type MenuMoment, addState } from './edit-availability'

/** Lower-case, without accents: 'horchata' finds 'Horchata', 'cafe' finds 'Café de olla'. */
const folded = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase()

/** The menu's dishes in the owner's category order, then by name. */
function menuOrder(products: readonly Product[], categories: readonly Category[]): Product[] {
  const rank = new Map(categories.map((c) => [c.slug, c.displayOrder]))
  const at = (p: Product) => rank.get(p.category) ?? Number.MAX_SAFE_INTEGER
  return [...products].sort((a, b) => at(a) - at(b) || a.name.localeCompare(b.name, 'es'))
}

/** Where an 'Agregar' would be, why there is none, in the storefront card's words and look. */
function NotAddable({ children }: { children: string }) {
  return <p className="shrink-0 rounded-md border border-dashed border-input px-3 py-2 text-center text-sm font-semibold text-muted-foreground">{children}</p>
}

function ProductRow({ product, state, onAdd }: { product: Product; state: AddState; onAdd: (product: Product, size: Size) => void }) {
  const [size, setSize] = useState<Size>('mediano')
  const soldOut = state.kind === 'soldOut'
  const outside = state.kind === 'outsideHours'
  const sized = product.priceGrande != null && state.kind === 'addable'
  const hours = state.kind === 'soldOut' ? null : state.hours
  const fewLeft = state.kind === 'addable' ? fewLeftLabel(state.left) : null
  const action = soldOut ? (
    <NotAddable>Agotado por hoy</NotAddable>
  ) : outside ? (
    <NotAddable>Fuera de horario</NotAddable>
  ) : (
    <Button
      variant="outline"
      size="sm"
      className="h-11 sm:h-9"
      aria-label={`Agregar ${product.name}`}
      onPointerDown={opensDrawer(product) ? () => void loadDrawer().catch(() => {}) : undefined}
      onClick={() => onAdd(product, size)}
    >
      <Plus aria-hidden="true" /> Agregar
    </Button>
  )
  // A dish with two sizes: its name whole on a line of its own, the sizes and the button below (a phone has no room for all three).
  return (
    <li className="grid gap-2 py-3" data-testid="picker-product" data-sold-out={soldOut || undefined} data-outside-hours={outside || undefined}>
      <div className="flex items-center justify-between gap-3">
        <div className="min-w-0">
          <p className={cn('font-semibold', (soldOut || outside) && 'text-muted-foreground')}>{product.name}</p>
          <p className="text-sm text-muted-foreground">
            {formatQ(unitPrice(product, size))}
            {fewLeft ? <span className="font-semibold text-primary"> · {fewLeft}</span> : null}
          </p>
          {hours ? (
            <p className={cn('text-sm font-semibold', outside ? 'text-muted-foreground' : 'text-primary')} data-testid="picker-hours">
              {hours}
            </p>
          ) : null}
        </div>
        {sized ? null : action}
      </div>
      {sized ? (
        <div className="flex items-center justify-between gap-2">
          <SizeSelector name={`editar-tamano-${product.id}`} label={`Tamaño de ${product.name}`} value={size} onChange={setSize} />
          {action}
        </div>
      ) : null}
    </li>
  )
}

type Props = {
  /** The menu at the order's time: hours and portions left (use-edit-availability.ts). */
  moment: MenuMoment
  onAdd: (input: AddInput) => void
  onDone: () => void
}

export function ProductPicker({ moment, onAdd, onDone }: Props) {
  const searchId = useId()
  const products = useQuery(productsQuery())
  const categories = useQuery(categoriesQuery())
  const [search, setSearch] = useState('')
  const [target, setTarget] = useState<DrawerTarget | null>(null)
  const [said, setSaid] = useState('')
  const [session, setSession] = useState(0)

  const menu = useMemo(() => menuOrder(products.data ?? [], categories.data ?? []), [products.data, categories.data])
  const shown = search.trim() ? menu.filter((p) => folded(p.name).includes(folded(search.trim()))) : menu

  const add = (input: AddInput) => {
    onAdd(input)
    setSaid(`Se agregó ${input.product.name}`)
  }
  const choose = (product: Product, size: Size) => {
    if (addState(product, moment).kind !== 'addable') return
    if (!opensDrawer(product)) return add({ product, size })
    setSession((n) => n + 1)
    setTarget({ product, size, session: session + 1 })
  }

  return (
    <section aria-labelledby={`${searchId}-title`} className="grid gap-2 rounded-lg border border-border bg-card p-3" data-testid="product-picker">
      <div className="flex items-center justify-between gap-2">
        <h3 id={`${searchId}-title`} className="font-semibold">
          Agregar producto
        </h3>
        <Button variant="ghost" size="sm" className="h-11 sm:h-9" onClick={onDone}>
          Listo
        </Button>
      </div>
      <label htmlFor={searchId} className="sr-only">
        Buscar en el menú
      </label>
      <div className="relative">
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        {/* The picker opens for this: typing a dish's name is the quickest way to it. */}
        <Input id={searchId} type="search" autoFocus className="pl-9" placeholder="Buscar en el menú" value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
      <p role="status" className="text-sm font-medium text-success" data-testid="picker-said">
        {said}
      </p>
      {products.isPending ? (
        <div role="status" aria-label="Cargando el menú" className="grid gap-2">
          <Skeleton className="h-12" />
          <Skeleton className="h-12" />
        </div>
      ) : products.isError ? (
        <QueryError title="No se pudo cargar el menú" error={products.error} onRetry={() => void products.refetch()} />
      ) : shown.length === 0 ? (
        <p className="py-2 text-sm text-muted-foreground">Ningún producto se llama así.</p>
      ) : (
        <ul aria-label="Menú" className="max-h-80 divide-y divide-border overflow-y-auto">
          {shown.map((product) => (
            <ProductRow key={product.id} product={product} state={addState(product, moment)} onAdd={choose} />
          ))}
        </ul>
      )}
      <CustomizeDrawer
        target={target}
        onClose={() => setTarget(null)}
        onConfirm={(input) => {
          add(input)
          setTarget(null)
        }}
        confirmLabel="Agregar al pedido"
      />
    </section>
  )
}
