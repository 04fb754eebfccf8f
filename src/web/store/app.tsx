/**
 * The landing page: the same tree renders on the server (complete HTML) and
 * hydrates in the browser. The shell (the nav bar) hydrates first; the
 * rest of the page (page-body.tsx) and the overlays (overlays.tsx) come in their own
 * chunks. Overlays (cart, drawer, image view) live here so there is one of each.
 */
import { lazy, memo, startTransition, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import type { Size } from '../../shared/cart'
import { cartActions, readCart } from './cart-store'
import { loadDrawer, opensDrawer } from './customisable'
import { openChat } from './chat'
import { NavBar } from './components/nav-bar'
import type { DrawerTarget } from './customize-options'
import type { LandingData, MenuTab, StoreProduct } from '../../shared/landing-data'
import type { PageBodyProps } from './page-body'
import { useStoreStatus } from './use-store-status'
import { startRemaining } from './remaining-store'
import { openCodeLink } from './open-code-link'
import { namesTable, useTableVisit } from './table-visit'
import type { TableVisit } from '../../shared/table-visit'
import type { LinkNotice } from './link-notice'
import type { LiveMenu } from './live-menu'

/** Overlays come in a separate chunk (see overlays.tsx), fetched once. */
let overlays: Promise<typeof import('./overlays')> | null = null
const loadOverlays = () => (overlays ??= import('./overlays'))
const CartSheet = lazy(() => loadOverlays().then((m) => ({ default: m.CartSheet })))
// Its own chunk, loaded when first opened (onAdd awaits it): not part of the page's first load (#32).
const CustomizeDrawer = lazy(() => loadDrawer().then((m) => ({ default: m.CustomizeDrawer })))
const ImageDialog = lazy(() => loadOverlays().then((m) => ({ default: m.ImageDialog })))
const RecentOrdersSheet = lazy(() => loadOverlays().then((m) => ({ default: m.RecentOrdersSheet })))
// Only for an address with ?codigo= or a dish no longer on the menu: the chunk is already in when the notice shows.
const LinkNoticeCard = lazy(() => import('./link-notice').then((m) => ({ default: m.LinkNoticeCard })))

// A table's buttons ('Llamar al mesero', 'Pedir la cuenta', issue #45): their own chunk, only on a table's page.
const TableBar = lazy(() => import('./components/table-bar').then((m) => ({ default: m.TableBar })))

// Keeping the menu current while the page is open (issue 40): its own chunk, after hydration.
const liveMenu = () => import('./live-menu')
const refreshMenu = () => void liveMenu().then((m) => m.refreshMenu(), () => {})

// Requested as soon as this module runs, not when hydration reaches the boundary.
const pageBody = import('./page-body')
const LazyPageBody = lazy(() => pageBody.then((m) => ({ default: m.PageBody })))

/**
 * The body's server HTML stays as it is until its chunk arrives. A dehydrated boundary
 * that receives new props before then is thrown away and rendered again on the client,
 * which would blank the menu for a moment: so the boundary is memoised and everything
 * passed to it is stable (callbacks via useCallback, the cart read at tap time, status
 * updates as transitions that wait for the chunk).
 */
const PageBody = memo(function PageBody(props: PageBodyProps) {
  return (
    <Suspense fallback={null}>
      <LazyPageBody {...props} />
    </Suspense>
  )
})

export function App({ data }: { data: LandingData }) {
  const [cartOpen, setCartOpen] = useState(false)
  const [drawer, setDrawer] = useState<DrawerTarget | null>(null)
  const [viewing, setViewing] = useState<StoreProduct | null>(null)
  // Each overlay mounts on its first opening and then stays, so it can animate closed.
  const [used, setUsed] = useState({ cart: false, drawer: false, image: false, orders: false })
  const [ordersOpen, setOrdersOpen] = useState(false)
  const [linkNotice, setLinkNotice] = useState<LinkNotice | null>(null)
  const closeLinkNotice = useCallback(() => setLinkNotice(null), [])
  const sessions = useRef(0)
  const { products, categories } = useMenu(data.products, data.categories)
  const status = useStoreStatus(data.status)
  // The table of a QR's page (issue #45): server-rendered from the page, else the one kept on this device.
  const table = useTableVisit(data.table)

  const openCart = useCallback(() => {
    setUsed((u) => (u.cart ? u : { ...u, cart: true }))
    setCartOpen(true)
    refreshMenu() // before sending: a dish hidden or sold out since the page loaded is flagged in the cart
  }, [])

  const openOrders = useCallback(() => {
    setUsed((u) => (u.orders ? u : { ...u, orders: true }))
    setOrdersOpen(true)
  }, [])

  const onAdd = useCallback((product: StoreProduct, size: Size) => {
    if (!opensDrawer(product)) {
      cartActions.add({ product, size })
      return
    }
    // A new session per opening: the drawer starts from a fresh form each time.
    const session = (sessions.current += 1)
    // Opened once its chunk is in (offline: the tap does nothing, the next one tries again).
    loadDrawer().then(
      () => {
        if (session !== sessions.current) return // a later tap asked for another product
        setUsed((u) => (u.drawer ? u : { ...u, drawer: true }))
        setDrawer({ product, size, session })
      },
      () => {},
    )
  }, [])

  const onViewImage = useCallback((product: StoreProduct) => {
    setUsed((u) => (u.image ? u : { ...u, image: true }))
    setViewing(product)
  }, [])

  // With something in the cart, ordering goes through the sheet (details, recorded number).
  // `emptyText`: what to write with nothing chosen yet (the page body's, from the restaurant's profile).
  const onOrder = useCallback(
    (emptyText: string) => (readCart().length > 0 ? openCart() : openChat(data.whatsappNumber, emptyText)),
    [openCart, data.whatsappNumber],
  )

  // Portions left today (issue #31): after hydration, then live (remaining-store.ts).
  useEffect(() => startRemaining(), [])
  // A dish's own link (/?producto=<id>, decision 037) shows that dish, or says it is no longer on the menu; its code loads only for such a link.
  useEffect(() => void (location.search.includes('producto=') && import('./open-product-link').then((m) => m.openProductLink(setLinkNotice))), [])
  // A code's link (/?codigo=MARTES, issue #33) puts the code in the cart and says what it gives.
  useEffect(() => openCodeLink(setLinkNotice), [])
  // A table's QR keeps the table on this device; one the server did not recognise forgets it and says so.
  useEffect(() => void (namesTable(data.table) && import('./table-link').then((m) => m.openTableLink(data.table, setLinkNotice))), [data.table])

  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 1500))
    idle(() => void loadOverlays())
  }, [])

  return (
    <>
      <NavBar onOpenCart={openCart} onOpenOrders={openOrders} profile={data.profile} logo={data.logoThumb} table={table?.name ?? null} />
      {table && <TableBarSlot table={table} />}
      <PageBody data={data} products={products} categories={categories} status={status} onAdd={onAdd} onViewImage={onViewImage} onOrder={onOrder} />

      <Suspense fallback={null}>
        {used.cart && (
          <CartSheet
            open={cartOpen}
            onOpenChange={setCartOpen}
            zones={data.zones}
            whatsappNumber={data.whatsappNumber}
            menu={products}
            status={status}
            hours={data.hours}
            orderSettings={data.orderSettings}
            profile={data.profile}
            table={table}
          />
        )}
        {used.drawer && (
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
        {linkNotice && <LinkNoticeCard notice={linkNotice} onClose={closeLinkNotice} />}
        {used.orders && (
          <RecentOrdersSheet
            open={ordersOpen}
            onOpenChange={setOrdersOpen}
            menu={products}
            onOpenCart={() => {
              setOrdersOpen(false)
              openCart()
            }}
          />
        )}
      </Suspense>
    </>
  )
}

/** The table's buttons, after hydration only (the server renders none): a page without a table never renders twice for it. */
function TableBarSlot({ table }: { table: TableVisit }) {
  const [mounted, setMounted] = useState(false)
  useEffect(() => setMounted(true), [])
  return mounted ? (
    <Suspense fallback={null}>
      <TableBar table={table} />
    </Suspense>
  ) : null
}

type Menu = { products: LiveMenu['products'] | null; categories: MenuTab[] }

/**
 * The embedded menu; if the page came without it, fetch it (skeletons show meanwhile). Kept
 * current while the page is open (live-menu.ts): read again when the tab comes back into view
 * and when the cart opens; a change reaches the page body as a transition (see PageBody above).
 */
function useMenu(initialProducts: LiveMenu['products'] | null, initialCategories: MenuTab[]): Menu {
  const [menu, setMenu] = useState<Menu>({ products: initialProducts, categories: initialCategories })
  useEffect(() => {
    if (initialProducts !== null) return
    fetch('/api/products', { credentials: 'include' })
      .then((res) => (res.ok ? (res.json() as Promise<StoreProduct[]>) : Promise.reject(new Error(String(res.status)))))
      .then((products) => setMenu((m) => ({ ...m, products })))
      .catch(() => setMenu((m) => ({ ...m, products: [] })))
  }, [initialProducts])
  useEffect(() => {
    let stop: (() => void) | undefined
    let live = true
    liveMenu().then((m) => {
      if (live) stop = m.keepMenuCurrent({ products: initialProducts ?? [], categories: initialCategories }, (next) => startTransition(() => setMenu(next)))
    }, () => {})
    return () => {
      live = false
      stop?.()
    }
  }, [])
  return menu
}
