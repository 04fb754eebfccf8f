import type { ReactNode } from 'react'

/** The band above the tracking page (and its not-found page): who the restaurant is ('Tu restaurante'), and the way back to the menu. */
export function PageFrame({ name, logoUrl = null, children }: { name: string; logoUrl?: string | null; children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-background text-foreground">
      <div className="bg-primary text-primary-foreground">
        <div className="mx-auto flex max-w-lg items-center justify-between gap-3 px-4 py-3">
          <a href="/" className="flex min-h-11 min-w-0 items-center gap-2 font-display text-xl font-bold" data-testid="tracking-brand">
            {logoUrl && <img src={logoUrl} width="32" height="32" alt="" className="size-8 shrink-0 rounded-md bg-white object-contain" />}
            <span className="min-w-0">{name}</span>
          </a>
          <a href="/#menu" className="inline-flex min-h-11 shrink-0 items-center text-sm font-semibold underline-offset-4 hover:underline">
            Ver el menú
          </a>
        </div>
      </div>
      {children}
    </div>
  )
}
