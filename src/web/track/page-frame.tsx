import type { ReactNode } from 'react'
import { RESTAURANT_NAME } from '../store/restaurant'

/** The band above the tracking page (and its not-found page): who the restaurant is, and the way back to the menu. */
export function PageFrame({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-background text-foreground">
      <div className="bg-primary text-primary-foreground">
        <div className="mx-auto flex max-w-lg items-center justify-between gap-3 px-4 py-3">
          <a href="/" className="inline-flex min-h-11 items-center font-display text-xl font-bold">
            {RESTAURANT_NAME}
          </a>
          <a href="/#menu" className="inline-flex min-h-11 items-center text-sm font-semibold underline-offset-4 hover:underline">
            Ver el menú
          </a>
        </div>
      </div>
      {children}
    </div>
  )
}
