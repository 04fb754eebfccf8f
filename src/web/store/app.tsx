/**
 * The landing page: the same tree renders on the server (complete HTML) and
 * hydrates in the browser. Overlays (cart, drawer, image view) live here so
 * there is one of each on the page.
 */
import { lazy, Suspense, useEffect, useState } from 'react'
import type { Size } from '../../shared/cart'
import { EMPTY_ORDER_TEXT, INFO_REQUEST_TEXT } from '../../shared/chat-link'
import { cartActions } from './cart-store'
import { openChat } from './chat'
import { CtaSection } from './components/cta-section'
import { DeliveryZonesSection } from './components/delivery-zones-section'
import { Hero } from './components/hero'
import { MenuSection } from './components/menu-section'
import { NavBar } from './components/nav-bar'
import { SaucesSection } from './components/sauces-section'
import { SiteFooter } from './components/site-footer'
import { StoreStatusBanner } from './components/store-status-banner'
import { ToppingsSection } from './components/toppings-section'
import type { DrawerTarget } from './customize-options'
import { useCart } from './cart-store'
import type { LandingData, StoreProduct } from './page-data'
import { useStoreStatus } from './use-store-status'

/** Overlays come in a separate chunk (see overlays.tsx), fetched once. */
let overlays: Promise<typeof import('./overlays')> | null = null
const loadOverlays = () => (overlays ??= import('./overlays'))
const CartSheet = lazy(() => loadOverlays().then((m) => ({ default: m.CartSheet })))
const CustomizeDrawer = lazy(() => loadOverlays().then((m) => ({ default: m.CustomizeDrawer })))
const ImageDialog = lazy(() => loadOverlays().then((m) => ({ default: m.ImageDialog })))

export function App({ data }: { data: LandingData }) {
  const cart = useCart()
  const [cartOpen, setCartOpen] = useState(false)
  const [drawer, setDrawer] = useState<DrawerTarget | null>(null)
  const [session, setSession] = useState(0)
  const [viewing, setViewing] = useState<StoreProduct | null>(null)
  // Each overlay mounts on its first opening and then stays, so it can animate closed.
  const [used, setUsed] = useState({ cart: false, image: false })
  const products = useMenu(data.products)
  const status = useStoreStatus(data.status)
  const openCart = () => {
    setUsed((u) => ({ ...u, cart: true }))
    setCartOpen(true)
  }

  // Browser tests wait for this marker before clicking.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
    const idle = window.requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 1500))
    idle(() => void loadOverlays())
  }, [])

  const onAdd = (product: StoreProduct, size: Size) => {
    if (product.category === 'chilaquiles') {
      setSession((n) => n + 1)
      setDrawer({ product, size, session: session + 1 })
    } else {
      cartActions.add({ product, size })
    }
  }

  return (
    <>
      <NavBar onOpenCart={openCart} />
      <StoreStatusBanner status={status} />
      <main>
        <Hero />
        <SaucesSection />
        <MenuSection
          products={products}
          onAdd={onAdd}
          onViewImage={(product) => {
            setUsed((u) => ({ ...u, image: true }))
            setViewing(product)
          }}
        />
        <ToppingsSection />
        {/* With something in the cart, ordering goes through the sheet (details, recorded number). */}
        <CtaSection status={status} onOrder={() => (cart.length > 0 ? openCart() : openChat(data.whatsappNumber, EMPTY_ORDER_TEXT))} />
        <DeliveryZonesSection zones={data.zones} />
      </main>
      <SiteFooter whatsappNumber={data.whatsappNumber} hours={data.hours} onInfoRequest={() => openChat(data.whatsappNumber, INFO_REQUEST_TEXT)} />

      <Suspense fallback={null}>
        {used.cart && (
          <CartSheet open={cartOpen} onOpenChange={setCartOpen} zones={data.zones} whatsappNumber={data.whatsappNumber} menu={products} status={status} />
        )}
        {session > 0 && (
          <CustomizeDrawer
            target={drawer}
            onClose={() => setDrawer(null)}
            onConfirm={(input) => {
              cartActions.add(input)
              setDrawer(null)
            }}
          />
        )}
        {used.image && <ImageDialog product={viewing} onClose={() => setViewing(null)} />}
      </Suspense>
    </>
  )
}

/** The embedded menu; if the page came without it, fetch it (skeletons show meanwhile). */
function useMenu(initial: StoreProduct[] | null): StoreProduct[] | null {
  const [products, setProducts] = useState(initial)
  useEffect(() => {
    if (initial !== null) return
    fetch('/api/products', { credentials: 'include' })
      .then((res) => (res.ok ? (res.json() as Promise<StoreProduct[]>) : Promise.reject(new Error(String(res.status)))))
      .then(setProducts)
      .catch(() => setProducts([]))
  }, [initial])
  return products
}
