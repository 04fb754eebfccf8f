import { Clock, MessageCircle, Phone } from 'lucide-react'
import { formatPhone } from '../../../shared/phone'
import { weeklySchedule, type OpeningHours } from '../../../shared/store-hours'
import { Button } from '../../ui/button'
import { copyrightLine, DEFAULT_LOGO, footerSentence, pickupPlace, type StoreProfile } from '../../../shared/store-profile'
import { PickupPlaceLine } from './pickup-place'
import { SocialLinks } from './social-links'
import { NewsletterForm } from './newsletter-form'

const QUICK_LINK = 'inline-flex min-h-11 min-w-11 items-center hover:underline'

/** `deliveryPromise`: the zones' real range (shared/delivery-estimate.ts); null when only pickup is offered. */
type Props = { whatsappNumber: string; hours: OpeningHours | null; deliveryPromise: string | null; onInfoRequest: () => void; profile: StoreProfile }

export function SiteFooter({ whatsappNumber, hours, deliveryPromise, onInfoRequest, profile }: Props) {
  const schedule = weeklySchedule(hours)
  const sentence = footerSentence(profile)
  const place = pickupPlace(profile)

  return (
    <footer className="bg-night text-night-foreground">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="flex flex-col gap-3">
          <p className="flex items-center gap-2">
            <img src={profile.logoUrl ?? DEFAULT_LOGO} width="40" height="40" alt="" loading="lazy" className="size-10 rounded-md object-contain" />
            <span className="font-display text-xl font-bold text-secondary">{profile.name}</span>
          </p>
          {sentence && <p className="text-sm text-night-foreground/85">{sentence}</p>}
          {/* With a story, 'Nosotros' says where; without one, the footer does. */}
          {place && !profile.about && <PickupPlaceLine place={place} className="text-sm" />}
          <p className="inline-flex items-center gap-2 text-sm">
            <Clock aria-hidden="true" className="size-4" /> {deliveryPromise ?? 'Pasa a recoger tu pedido'}
          </p>
          {schedule.length > 0 && (
            <div data-testid="footer-schedule">
              <h2 className="mb-1 text-sm font-bold text-secondary">Horario de atención</h2>
              <ul className="text-sm text-night-foreground/85">
                {schedule.map((line) => (
                  <li key={line.days}>{line.text}</li>
                ))}
              </ul>
            </div>
          )}
        </div>

        <div>
          <h2 className="mb-3 font-bold text-secondary">Contacto</h2>
          <p className="inline-flex items-center gap-2">
            <Phone aria-hidden="true" className="size-4" />
            <a href={`tel:+${whatsappNumber}`} className="inline-flex min-h-11 items-center underline-offset-4 hover:underline" data-testid="footer-phone">
              {formatPhone(whatsappNumber)}
            </a>
          </p>
          <Button variant="success" className="mt-4" onClick={onInfoRequest}>
            <MessageCircle aria-hidden="true" /> Escríbenos por WhatsApp
          </Button>
          <SocialLinks profile={profile} className="mt-3 text-sm" />
        </div>

        <nav aria-label="Enlaces rápidos">
          <h2 className="mb-3 font-bold text-secondary">Enlaces rápidos</h2>
          {/* Each link a finger's target (44 px tall): they sit close together on a phone. */}
          <ul className="flex flex-col text-sm">
            <li><a href="#menu" className={QUICK_LINK}>Menú</a></li>
            <li><a href="#salsas" className={QUICK_LINK}>Salsas</a></li>
            <li><a href="#zonas" className={QUICK_LINK}>Zonas de entrega</a></li>
            {/* The story when the owner wrote one ('Tu restaurante'); without it the page top, as the SPEC's placeholder. */}
            <li><a href={profile.about ? '#nosotros' : '#inicio'} className={QUICK_LINK}>Nosotros</a></li>
          </ul>
        </nav>

        <NewsletterForm />
      </div>
      <p className="border-t border-white/10 py-5 text-center text-xs text-night-foreground/80">
        {copyrightLine(profile)}
      </p>
    </footer>
  )
}
