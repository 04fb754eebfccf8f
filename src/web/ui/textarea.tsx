import type { ComponentProps } from 'react'
import { fieldClass } from './input'
import { cn } from './cn'

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(fieldClass, 'min-h-20', className)} {...props} />
}
