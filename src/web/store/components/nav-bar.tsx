import { useState } from 'react'
import { cartCount } from '../../../shared/cart'
import type { StoreProfile } from '../../../shared/store-profile'
import { Button } from '../../ui/button'
import { useCart } from '../cart-store'
import { useRecentOrders } from '../recent-orders-store'
import { CloseIcon, MenuIcon, ReceiptIcon, ShoppingBagIcon } from './nav-icons'

/** 'Nosotros' goes to the story when the owner wrote one ('Tu restaurante'); without it, to the page top as before. */
const linksFor = (hasStory: boolean) => [
  { href: '#menu', label: 'Menú' },
  { href: '#salsas', label: 'Salsas' },
  { href: hasStory ? '#nosotros' : '#inicio', label: 'Nosotros' },
]

type Props = {
  onOpenCart: () => void
  onOpenOrders: () => void
  /** The restaurant's name, logo and story ('Tu restaurante'). */
  profile: Pick<StoreProfile, 'name' | 'logoUrl' | 'about'>
  /** The uploaded logo's small copy (landing-data.ts), for the 40 px mark. */
  logo?: string | undefined
  /** The table's name on a table's storefront ('Mesa 5', issue #45), server-rendered; null: the plain store. */
  table?: string | null
}

export function NavBar({ onOpenCart, onOpenOrders, profile, logo, table = null }: Props) {
  const LINKS = linksFor(!!profile.about)
  const [open, setOpen] = useState(false)
  const count = cartCount(useCart())
  // Kept on this device; the server renders none, so the entry appears after hydration.
  const hasOrders = useRecentOrders().length > 0

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/85">
      <nav aria-label="Principal" className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:gap-3">
        <a href="#inicio" className="flex min-h-11 min-w-0 items-center gap-2 rounded-md" data-testid="brand">
          {/* An upload: its smallest stored copy (landing-data.ts, logoThumb), never the 1600 px original. */}
          <img src={logo ?? profile.logoUrl ?? '/images/logo.svg'} width="40" height="40" alt="" className="size-10 shrink-0 rounded-md object-contain" />
          <span className="font-display text-lg leading-tight font-bold text-primary">{profile.name}</span>
        </a>
        {table !== null && (
          <span className="max-w-28 shrink-0 truncate rounded-full bg-secondary px-3 py-1 text-sm font-bold text-secondary-foreground" data-testid="table-name">
            {table}
          </span>
        )}

        <ul className="ml-auto hidden items-center gap-1 md:flex">
          {LINKS.map((link) => (
            <li key={link.label}>
              <a href={link.href} className="rounded-md px-3 py-2 text-sm font-semibold hover:bg-accent">
                {link.label}
              </a>
            </li>
          ))}
        </ul>

        {hasOrders && (
          // On a phone an icon (its words would run into the name), its name said to screen readers.
          <Button variant="outline" className="ml-auto size-11 shrink-0 rounded-full p-0 sm:size-auto sm:h-9 sm:px-4 md:ml-2" onClick={onOpenOrders} aria-label="Tus pedidos" data-testid="open-recent-orders">
            <ReceiptIcon aria-hidden="true" className="size-5! sm:hidden" />
            <span className="hidden sm:inline">Tus pedidos</span>
          </Button>
        )}
        <Button
          variant="default"
          size="icon"
          className={hasOrders ? 'relative shrink-0 rounded-full md:ml-2' : 'relative ml-auto shrink-0 rounded-full md:ml-2'}
          onClick={onOpenCart}
          aria-label={count > 0 ? `Abrir carrito, ${count} ${count === 1 ? 'producto' : 'productos'}` : 'Abrir carrito'}
        >
          <ShoppingBagIcon aria-hidden="true" className="size-5!" />
          {count > 0 && (
            <span
              data-testid="cart-badge"
              aria-hidden="true"
              className="absolute -top-1 -right-1 grid h-5 min-w-5 place-items-center rounded-full bg-secondary px-1 text-[11px] font-bold text-secondary-foreground ring-2 ring-background"
            >
              {count > 99 ? '99+' : count}
            </span>
          )}
        </Button>

        <Button
          variant="ghost"
          size="icon"
          className="shrink-0 md:hidden"
          aria-expanded={open}
          aria-controls="mobile-menu"
          aria-label={open ? 'Cerrar menú' : 'Abrir menú'}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? <CloseIcon aria-hidden="true" className="size-6!" /> : <MenuIcon aria-hidden="true" className="size-6!" />}
        </Button>
      </nav>

      <ul id="mobile-menu" hidden={!open} className="border-t border-border bg-background px-4 py-2 md:hidden">
        {LINKS.map((link) => (
          <li key={link.label}>
            <a href={link.href} onClick={() => setOpen(false)} className="block rounded-md px-3 py-3 font-semibold hover:bg-accent">
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </header>
  )
}
