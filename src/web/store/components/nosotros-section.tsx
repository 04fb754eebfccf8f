import { weeklySchedule, type OpeningHours } from '../../../shared/store-hours'
import { paragraphs, pickupPlace, type StoreProfile } from '../../../shared/store-profile'
import { PickupPlaceLine } from './pickup-place'
import { SocialLinks } from './social-links'

/**
 * 'Nosotros' (#nosotros, issue #41): the restaurant's story as the owner wrote it (plain text,
 * paragraphs by blank lines: never HTML), where it is with its map link, its hours and its
 * social links. Only with a story: without one the nav's 'Nosotros' keeps pointing at the top.
 */
export function NosotrosSection({ profile, hours }: { profile: StoreProfile; hours: OpeningHours | null }) {
  const story = paragraphs(profile.about)
  if (story.length === 0) return null
  const place = pickupPlace(profile)
  const schedule = weeklySchedule(hours)
  return (
    <section id="nosotros" aria-labelledby="nosotros-title" className="scroll-mt-20 py-14">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 md:grid-cols-[3fr_2fr]">
        <div>
          <h2 id="nosotros-title" className="font-display text-3xl font-bold sm:text-4xl">
            Nosotros
          </h2>
          <div className="mt-4 flex flex-col gap-3 text-lg" data-testid="nosotros-story">
            {story.map((text, i) => (
              <p key={i} className="whitespace-pre-line">
                {text}
              </p>
            ))}
          </div>
        </div>
        <div className="flex flex-col gap-4 rounded-xl border border-border bg-card p-5">
          {place && <PickupPlaceLine place={place} />}
          {schedule.length > 0 && (
            <div>
              <h3 className="mb-1 font-bold">Horario</h3>
              <ul className="text-sm text-muted-foreground">
                {schedule.map((line) => (
                  <li key={line.days}>{line.text}</li>
                ))}
              </ul>
            </div>
          )}
          <SocialLinks profile={profile} />
        </div>
      </div>
    </section>
  )
}
