import { Flame } from 'lucide-react'
import { STATIC_SAUCES } from '../static-content'

export function SaucesSection() {
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
        <ul className="grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-4">
          {STATIC_SAUCES.map((sauce) => (
            <li key={sauce.id}>
              <button
                type="button"
                // The spec gives these cards no effect beyond logging the choice.
                onClick={() => console.log('Salsa seleccionada:', sauce.id)}
                className="flex h-full w-full cursor-pointer flex-col items-center gap-2 rounded-xl border border-border bg-card p-4 text-center shadow-sm transition hover:-translate-y-0.5 hover:shadow-warm"
              >
                <img src={sauce.image} width="120" height="120" alt="" loading="lazy" className="size-24 sm:size-28" />
                <span className="font-display text-lg font-bold">{sauce.name}</span>
                <span className="text-sm text-muted-foreground">{sauce.description}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
