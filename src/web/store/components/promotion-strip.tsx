import { Tag } from 'lucide-react'
import { startTransition, useEffect, useState } from 'react'
import type { ActivePromotion } from '../../../shared/schemas/promotion-responses'

const isList = (v: unknown): v is ActivePromotion[] =>
  Array.isArray(v) && v.every((p) => typeof p === 'object' && p !== null && typeof (p as ActivePromotion).id === 'number' && typeof (p as ActivePromotion).description === 'string')

const same = (a: readonly ActivePromotion[], b: readonly ActivePromotion[]) => JSON.stringify(a) === JSON.stringify(b)

/**
 * The automatic promotions in force today, under the nav bar (issue #33): '2x1 en bebidas los
 * martes'. Rendered on the server from the landing data, so it is there at first paint and
 * moves nothing. The page's HTML is cached and a promotion's day can end under it (a Tuesday's
 * 2x1 on Wednesday morning), so after hydration the list is asked again (GET
 * /api/promotions/active: cached by the server, an ETag for the browser) and replaced only when
 * it differs. Nothing at all when there is none.
 */
export function PromotionStrip({ initial }: { initial: readonly ActivePromotion[] }) {
  const [promotions, setPromotions] = useState(initial)

  useEffect(() => {
    let live = true
    fetch('/api/promotions/active')
      .then((res) => (res.ok ? res.json() : null))
      .then((next: unknown) => {
        if (live && isList(next)) startTransition(() => setPromotions((current) => (same(current, next) ? current : next)))
      })
      .catch(() => {}) // offline: the page's own list stays
    return () => {
      live = false
    }
  }, [])

  if (promotions.length === 0) return null
  return (
    <section aria-label="Promociones de hoy" data-testid="promotion-strip" className="border-b border-secondary bg-accent px-4 py-2.5 text-accent-foreground">
      <ul className="mx-auto flex max-w-3xl flex-col items-center gap-1 text-center text-sm font-semibold sm:flex-row sm:flex-wrap sm:justify-center sm:gap-x-6">
        {promotions.map((p) => (
          <li key={p.id} className="text-balance">
            {/* Inline with the words, so a description that wraps keeps its tag at its start. */}
            <Tag aria-hidden="true" className="mr-1.5 inline size-4 align-[-0.2em] text-primary" />
            {/* The description says what and when; the owner's name for it is for the board. */}
            {p.description}
          </li>
        ))}
      </ul>
    </section>
  )
}
