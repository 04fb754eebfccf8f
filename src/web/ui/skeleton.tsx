import type { ComponentProps } from 'react'
import { cn } from './cn'

/** Grey pulsing block standing in for content that is not there yet. Hidden from screen readers. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />
}
