import { Flame, Soup } from 'lucide-react'
import type { ShowcaseItem } from '../../../shared/landing-data'
import { showcaseImage } from '../showcase-image'

/** The sauces the drawer offers (the menu's salsa-type ingredients that are available), not a list of our own. */
export function SaucesSection({ sauces }: { sauces: ShowcaseItem[] }) {
  return (
    <section id="salsas" aria-labelledby="salsas-title" className="scroll-mt-16 bg-accent/60 py-14">
      <div className="mx-auto max-w-6xl px-4">
        <div className="mb-8 text-center">
          <p className="inline-flex items-center gap-1.5 rounded-full bg-primary px-3 py-1 text-sm font-bold text-primary-foreground">
            <Flame aria-hidden="true" className="size-4" /> ¡Qué picoso!
          </p>
          <h2 id="salsas-title" className="mt-3 font-display text-3xl font-bold text-balance sm:text-4xl">
            Escoge tu salsa o ¡mézclalas compa!
          </h2>
        </div>
        {sauces.length === 0 ? (
          <p className="text-center text-muted-foreground">Muy pronto verás aquí nuestras salsas.</p>
        ) : (
          // On a phone one row to swipe through (however many sauces the menu has, the menu is not
          // pushed a screen further down); from sm up a grid.
          <ul className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 pb-3 sm:mx-0 sm:grid sm:grid-cols-3 sm:gap-5 sm:overflow-visible sm:px-0 sm:pb-0 lg:grid-cols-4" data-testid="sauce-list">
            {sauces.map((sauce) => {
              const image = showcaseImage(sauce)
              return (
                <li key={sauce.id} className="w-40 shrink-0 snap-start sm:w-auto">
                  <button
                    type="button"
                    // The spec gives these cards no effect beyond logging the choice.
                    onClick={() => console.log('Salsa seleccionada:', sauce.name)}
                    className="flex h-full w-full cursor-pointer flex-col items-center gap-2 rounded-xl border border-border bg-card p-4 text-center shadow-sm transition hover:-translate-y-0.5 hover:shadow-warm"
                  >
                    {image ? (
                      <img src={image} width="120" height="120" alt="" loading="lazy" className="size-24 object-contain sm:size-28" />
                    ) : (
                      <Soup aria-hidden="true" className="size-24 p-5 text-primary sm:size-28" />
                    )}
                    <span className="font-display text-lg font-bold">{sauce.name}</span>
                    {sauce.description && <span className="text-sm text-muted-foreground">{sauce.description}</span>}
                  </button>
                </li>
              )
            })}
          </ul>
        )}
      </div>
    </section>
  )
}
