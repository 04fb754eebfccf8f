import type { ComponentProps, ReactNode } from 'react'
import { cn } from './cn'

/**
 * A row of pill-shaped choices, one of them on (a radio group drawn as chips): the days of
 * '¿Cuándo?', the periods of Reportes. Buttons with role radio and aria-checked, so screen
 * readers announce "1 of 4, selected"; the row scrolls sideways when it does not fit.
 */
export function ChipGroup({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div role="radiogroup" aria-label={label} className={cn('flex gap-2 overflow-x-auto pb-1', className)}>
      {children}
    </div>
  )
}

export function Chip({ checked, className, ...props }: Omit<ComponentProps<'button'>, 'role' | 'type'> & { checked: boolean }) {
  return (
    <button
      type="button"
      role="radio"
      aria-checked={checked}
      className={cn(
        'inline-flex max-sm:min-h-11 shrink-0 cursor-pointer items-center rounded-full border px-3 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        checked ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-card text-foreground hover:bg-accent',
        className,
      )}
      {...props}
    />
  )
}
