import type { ReactNode } from 'react'

/**
 * Page title (the page's h1), optional description and actions. The actions sit beside the
 * title while both fit (the title keeps at least 16rem) and wrap below it otherwise, so a
 * long toolbar never squeezes the title into a word a line nor lies over it.
 */
export function PageHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-6 flex flex-wrap items-start justify-between gap-x-6 gap-y-3">
      <div className="min-w-0 grow basis-64">
        <h1 className="font-display text-2xl font-bold text-foreground md:text-3xl">{title}</h1>
        {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {actions ? <div className="flex min-w-0 flex-wrap gap-2">{actions}</div> : null}
    </div>
  )
}
