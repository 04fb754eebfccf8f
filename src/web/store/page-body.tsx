/**
 * Everything under the nav bar: the status strip, today's promotions and the hero, sauces,
 * menu, toppings, the call to action, delivery zones and the footer. On a 390 px phone
 * the first screen is the nav bar, the status strip and the hero, and only the nav bar
 * responds to taps, so this module is its own chunk (app.tsx loads it with `lazy`) and
 * its server-rendered HTML is hydrated when the chunk arrives: the first-load script is
 * the hydration floor plus the shell, and hydration runs as two shorter tasks instead
 * of one long one. A tap on the menu in the moment before then does nothing (React 19
 * does not replay it), as any tap did before the single bundle had hydrated (decision 017).
 */
import { useCallback, useEffect, useState } from 'react'
import type { Size } from '../../shared/cart'
import { INFO_REQUEST_TEXT } from '../../shared/chat-link'
import type { StoreStatus } from '../../shared/store-hours'
import { openChat } from './chat'
import { CtaSection } from './components/cta-section'
import { DeliveryZonesSection } from './components/delivery-zones-section'
import { Hero } from './components/hero'
import { MenuSection } from './components/menu-section'
import { PromotionStrip } from './components/promotion-strip'
import { SaucesSection } from './components/sauces-section'
import { SiteFooter } from './components/site-footer'
import { NosotrosSection } from './components/nosotros-section'
import { emptyOrderText, pickupPlace } from '../../shared/store-profile'
import { StoreStatusBanner } from './components/store-status-banner'
import { ToppingsSection } from './components/toppings-section'
import { deliveryPromise } from '../../shared/delivery-estimate'
import type { LandingData, MenuTab, StoreProduct } from '../../shared/landing-data'

export type PageBodyProps = {
  data: LandingData
  products: StoreProduct[] | null
  /** The menu's tabs as the page knows them now (live-menu.ts: a category hidden since the load leaves). */
  categories: MenuTab[]
  status: StoreStatus
  onAdd: (product: StoreProduct, size: Size) => void
  onViewImage: (product: StoreProduct) => void
  /** 'Ordenar por WhatsApp': the cart, or with an empty one the chat with this text. */
  onOrder: (emptyText: string) => void
}

export function PageBody({ data, products, categories, status, onAdd, onViewImage, onOrder }: PageBodyProps) {
  // 'Ordena Ya' lands on the first section with something orderable now (issue 40): each tap is counted, the menu judges it.
  const [orderNow, setOrderNow] = useState(0)
  const onOrderNow = useCallback(() => setOrderNow((n) => n + 1), [])
  // The last part of the page to hydrate: browser tests wait for this marker before clicking.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])

  // Without the clock (server and hydration agree): a pause stops today's orders, never the ones for later.
  const canSchedule = data.orderSettings.scheduling.enabled
  const promise = deliveryPromise(data.zones)
  return (
    <>
      <StoreStatusBanner status={status} canSchedule={canSchedule} />
      <PromotionStrip initial={data.promotions ?? []} />
      <main>
        <Hero status={status} deliveryPromise={promise} canSchedule={canSchedule} onOrderNow={onOrderNow} profile={data.profile} />
        <SaucesSection sauces={data.showcase.sauces} />
        <MenuSection products={products} categories={categories} orderSettings={data.orderSettings} orderAt={data.orderAt} orderNow={orderNow} onAdd={onAdd} onViewImage={onViewImage} />
        <ToppingsSection extras={data.showcase.extras} />
        <CtaSection status={status} onOrder={() => onOrder(emptyOrderText(data.profile))} deliveryPromise={promise} />
        <DeliveryZonesSection zones={data.zones} pickup={pickupPlace(data.profile)} />
        <NosotrosSection profile={data.profile} hours={data.hours} />
      </main>
      <SiteFooter whatsappNumber={data.whatsappNumber} hours={data.hours} deliveryPromise={promise} onInfoRequest={() => openChat(data.whatsappNumber, INFO_REQUEST_TEXT)} profile={data.profile} />
    </>
  )
}
