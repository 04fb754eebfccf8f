import type { ComponentProps } from 'react'
import { cn } from './cn'

/**
 * A selectable card: a <label> around a native radio or checkbox (ChoiceInput) and
 * its text. The native input keeps keyboard, form and screen-reader behaviour; the
 * card shows the checked and focused states with :has().
 */
export function Choice({ className, ...props }: ComponentProps<'label'>) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-center gap-3 rounded-lg border border-border bg-card px-3 py-3 has-[:checked]:border-primary has-[:checked]:bg-accent/50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60',
        className,
      )}
      {...props}
    />
  )
}

export function ChoiceInput({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn('size-5 shrink-0 accent-primary', className)} {...props} />
}
