import { TOPPINGS } from '../static-content'

export function ToppingsSection() {
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
          {TOPPINGS.map((topping) => (
            <li key={topping.id}>
              <button
                type="button"
                // Informational cards: the spec only logs the click.
                onClick={() => console.log('Topping:', topping.id)}
                className="flex h-full w-full cursor-pointer flex-col items-center gap-2 rounded-xl border border-border bg-card p-3 text-center shadow-sm transition hover:bg-accent sm:flex-row sm:text-left"
              >
                <img src={topping.image} width="56" height="56" alt="" loading="lazy" className="size-12 shrink-0 sm:size-14" />
                <span className="font-semibold">{topping.name}</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
