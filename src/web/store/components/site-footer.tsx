import { Clock, MessageCircle, Phone } from 'lucide-react'
import { type FormEvent, useId } from 'react'
import { formatPhone } from '../../../shared/phone'
import { weeklySchedule, type OpeningHours } from '../../../shared/store-hours'
import { Button } from '../../ui/button'
import { DELIVERY_PROMISE, RESTAURANT_NAME } from '../restaurant'

type Props = { whatsappNumber: string; hours: OpeningHours | null; onInfoRequest: () => void }

export function SiteFooter({ whatsappNumber, hours, onInfoRequest }: Props) {
  const emailId = useId()
  const schedule = weeklySchedule(hours)

  // The newsletter has no backend (SPEC): the address is only logged, never sent.
  const onSubscribe = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const email = new FormData(event.currentTarget).get('email')
    console.log('Boletín:', email)
    event.currentTarget.reset()
  }

  return (
    <footer className="bg-night text-night-foreground">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="flex flex-col gap-3">
          <p className="flex items-center gap-2">
            <img src="/images/logo.svg" width="40" height="40" alt="" loading="lazy" className="size-10" />
            <span className="font-display text-xl font-bold text-secondary">{RESTAURANT_NAME}</span>
          </p>
          <p className="text-sm text-night-foreground/85">Chilaquiles guatemaltecos hechos al momento, para llevar o a domicilio.</p>
          <p className="inline-flex items-center gap-2 text-sm">
            <Clock aria-hidden="true" className="size-4" /> {DELIVERY_PROMISE}
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
            <a href={`tel:+${whatsappNumber}`} className="underline-offset-4 hover:underline" data-testid="footer-phone">
              {formatPhone(whatsappNumber)}
            </a>
          </p>
          <Button variant="success" className="mt-4" onClick={onInfoRequest}>
            <MessageCircle aria-hidden="true" /> Escríbenos por WhatsApp
          </Button>
        </div>

        <nav aria-label="Enlaces rápidos">
          <h2 className="mb-3 font-bold text-secondary">Enlaces rápidos</h2>
          <ul className="flex flex-col gap-2 text-sm">
            <li><a href="#menu" className="hover:underline">Menú</a></li>
            <li><a href="#salsas" className="hover:underline">Salsas</a></li>
            <li><a href="#zonas" className="hover:underline">Zonas de entrega</a></li>
            {/* Placeholder (SPEC): no about page on the storefront yet. */}
            <li><a href="#inicio" className="hover:underline">Nosotros</a></li>
          </ul>
        </nav>

        <form onSubmit={onSubscribe} className="flex flex-col gap-2" aria-labelledby={`${emailId}-title`}>
          <h2 id={`${emailId}-title`} className="font-bold text-secondary">Promociones</h2>
          <label htmlFor={emailId} className="text-sm text-night-foreground/85">
            Recibe nuestras promos en tu correo
          </label>
          <div className="flex gap-2">
            <input
              id={emailId}
              name="email"
              type="email"
              required
              autoComplete="email"
              placeholder="tu@correo.com"
              className="h-10 min-w-0 flex-1 rounded-md border border-input bg-white px-3 text-sm text-foreground placeholder:text-muted-foreground"
            />
            <Button type="submit" variant="secondary">Suscribirme</Button>
          </div>
        </form>
      </div>
      <p className="border-t border-white/10 py-5 text-center text-xs text-night-foreground/80">
        © {RESTAURANT_NAME} · Hecho con maíz y cariño en Guatemala
      </p>
    </footer>
  )
}
