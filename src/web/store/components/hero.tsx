import { CalendarClock, Clock, Flame } from 'lucide-react'
import { responsiveImage } from '../../../shared/images'
import type { StoreStatus } from '../../../shared/store-hours'
import { DEFAULT_HEADLINE, DEFAULT_HERO, headlineParts, type StoreProfile } from '../../../shared/store-profile'
import { buttonVariants } from '../../ui/button'
import { cn } from '../../ui/cn'

export type HeroProps = {
  status: StoreStatus
  /** The zones' real range ('Entrega en 30-60 min', shared/delivery-estimate.ts); null: pickup only. */
  deliveryPromise: string | null
  /** Orders for later are taken ('¿Cuándo?' in Tu Pedido). */
  canSchedule: boolean
  /** 'Ordena Ya' tapped: the menu shows a section with something orderable now (menu-section.tsx). */
  onOrderNow?: () => void
  /** The restaurant's words and picture ('Tu restaurante'); the last word of the headline is the emphasised one. */
  profile: Pick<StoreProfile, 'name' | 'headline' | 'subtitle' | 'heroUrl'>
}

const DEFAULT_HERO_ALT = 'Plato de chilaquiles con salsa roja y verde, crema, queso fresco, aguacate y huevo'

/**
 * What the hero promises under its buttons, true at this moment: the delivery range of the
 * zones while orders are taken; while closed or paused, when it opens (the status line) and
 * whether an order can be scheduled instead.
 */
export function heroPromise({ status, deliveryPromise, canSchedule }: HeroProps): string {
  if (!status.open) return canSchedule ? `${status.message} · programa tu pedido para después` : status.message
  return deliveryPromise ? `${deliveryPromise} · o pasa a recoger` : 'Pasa a recoger tu pedido'
}

/** Both buttons are plain anchors: they scroll (smoothly, see store.css) even before any script runs. */
export function Hero(props: HeroProps) {
  const Icon = props.status.open ? Clock : CalendarClock
  const { profile } = props
  const { lead, emphasis } = headlineParts(profile.headline)
  const picture = profile.heroUrl ? responsiveImage(profile.heroUrl) : { src: DEFAULT_HERO, width: 560, height: 440 }
  return (
    <section id="inicio" aria-labelledby="hero-title" className="relative overflow-hidden bg-primary text-primary-foreground">
      <div aria-hidden="true" className="pointer-events-none absolute inset-0 bg-[radial-gradient(circle_at_20%_20%,rgb(246_195_67/0.25),transparent_45%),radial-gradient(circle_at_90%_80%,rgb(0_0_0/0.25),transparent_50%)]" />
      <div className="relative mx-auto grid max-w-6xl grid-cols-1 items-center gap-8 px-4 py-10 md:grid-cols-2 md:py-20">
        <div className="flex flex-col items-start gap-5">
          {/* The SPEC restaurant's own badge: another restaurant's hero does not claim it. */}
          {profile.headline === DEFAULT_HEADLINE && (
            <p className="inline-flex items-center gap-2 rounded-full bg-secondary px-3 py-1 text-sm font-bold text-secondary-foreground">
              <Flame aria-hidden="true" className="size-4" /> Hecho en casa, al estilo chapín
            </p>
          )}
          <h1 id="hero-title" className="font-display text-[2.5rem] leading-[0.95] font-bold min-[400px]:text-5xl sm:text-6xl lg:text-7xl">
            {lead ? `${lead} ` : null}<span className="block text-secondary">{emphasis}</span>
          </h1>
          {profile.subtitle && <p className="max-w-md text-lg text-primary-foreground/90">{profile.subtitle}</p>}
          <div className="flex w-full flex-wrap gap-3 sm:w-auto">
            <a href="#menu" onClick={props.onOrderNow} className={cn(buttonVariants({ variant: 'secondary', size: 'lg' }), 'flex-1 sm:flex-none')}>
              Ordena Ya
            </a>
            <a
              href="#menu"
              className={cn(buttonVariants({ variant: 'outline', size: 'lg' }), 'flex-1 border-primary-foreground/70 bg-transparent text-primary-foreground hover:bg-primary-foreground/10 hover:text-primary-foreground sm:flex-none')}
            >
              Ver Menú
            </a>
          </div>
          <p data-testid="hero-promise" className="inline-flex items-center gap-2 text-sm font-semibold">
            <Icon aria-hidden="true" className="size-4 shrink-0" />
            {heroPromise(props)}
          </p>
        </div>
        <img
          {...picture}
          sizes={profile.heroUrl ? '(min-width: 768px) 560px, 100vw' : undefined}
          alt={profile.heroUrl ? `Foto de ${profile.name}` : DEFAULT_HERO_ALT}
          fetchPriority="high"
          className={profile.heroUrl ? 'mx-auto h-auto max-h-[440px] w-full max-w-xs rounded-2xl object-cover shadow-2xl sm:max-w-md md:max-w-none' : 'mx-auto h-auto w-full max-w-xs drop-shadow-2xl sm:max-w-md md:max-w-none'}
        />
      </div>
    </section>
  )
}
