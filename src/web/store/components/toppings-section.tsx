import { Plus } from 'lucide-react'
import type { ShowcaseItem } from '../../../shared/landing-data'
import { formatQ } from '../../../shared/money'
import { showcaseImage } from '../showcase-image'

/** Cards shown at most: two rows on a phone, one on a laptop; the drawer lists them all. */
const SHOWN = 8

/** The extras the drawer offers (available extra-type ingredients) with their price, not a list of our own. */
export function ToppingsSection({ extras }: { extras: ShowcaseItem[] }) {
  if (extras.length === 0) return null
  return (
    <section aria-labelledby="toppings-title" className="py-14">
      <div className="mx-auto max-w-6xl px-4">
        <div className="mb-8 text-center">
          <h2 id="toppings-title" className="font-display text-3xl font-bold sm:text-4xl">
            Personalízalos a tu gusto
          </h2>
          <p className="mt-2 text-muted-foreground">Ponle o quítale lo que quieras al armar tu plato.</p>
        </div>
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4 sm:gap-4">
          {extras.slice(0, SHOWN).map((extra) => {
            const image = showcaseImage(extra)
            return (
              <li key={extra.id}>
                <button
                  type="button"
                  // Informational cards: the spec only logs the click.
                  onClick={() => console.log('Topping:', extra.name)}
                  className="flex h-full w-full cursor-pointer flex-col items-center gap-2 rounded-xl border border-border bg-card p-3 text-center shadow-sm transition hover:bg-accent sm:flex-row sm:text-left"
                >
                  {image ? (
                    <img src={image} width="56" height="56" alt="" loading="lazy" className="size-12 shrink-0 object-contain sm:size-14" />
                  ) : (
                    <Plus aria-hidden="true" className="size-12 shrink-0 rounded-full bg-accent p-3 text-primary sm:size-14" />
                  )}
                  <span className="flex flex-col">
                    <span className="font-semibold">{extra.name}</span>
                    {extra.price > 0 && <span className="text-sm text-muted-foreground">+{formatQ(extra.price)}</span>}
                  </span>
                </button>
              </li>
            )
          })}
        </ul>
      </div>
    </section>
  )
}
