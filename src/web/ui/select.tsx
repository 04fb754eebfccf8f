import { ChevronDown } from 'lucide-react'
import type { ComponentProps } from 'react'
import { fieldClass } from './input'
import { cn } from './cn'

/** A styled native select: keyboard and screen-reader behaviour come free. */
export function Select({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className="relative">
      <select className={cn(fieldClass, 'h-10 max-sm:min-h-11 appearance-none pr-9', className)} {...props}>
        {children}
      </select>
      <ChevronDown aria-hidden="true" className="pointer-events-none absolute right-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
    </div>
  )
}
