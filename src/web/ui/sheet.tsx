/**
 * Side panel (cart, mobile admin sidebar) built on Radix Dialog, so it traps
 * focus and closes on Escape / overlay click like any dialog.
 */
import * as DialogPrimitive from '@radix-ui/react-dialog'
import { cva, type VariantProps } from 'class-variance-authority'
import type { ComponentProps } from 'react'
import { cn } from './cn'
import { DialogCornerClose, DialogOverlay } from './dialog'

export const Sheet = DialogPrimitive.Root
const SheetPortal = DialogPrimitive.Portal

const SheetOverlay = DialogOverlay

const sheetVariants = cva('fixed z-50 flex flex-col gap-4 bg-background text-foreground shadow-warm', {
  variants: {
    side: {
      top: 'inset-x-0 top-0 border-b data-[state=open]:animate-slide-in-top data-[state=closed]:animate-slide-out-top',
      bottom: 'inset-x-0 bottom-0 border-t data-[state=open]:animate-slide-in-bottom data-[state=closed]:animate-slide-out-bottom',
      left: 'inset-y-0 left-0 h-full w-3/4 max-w-sm border-r data-[state=open]:animate-slide-in-left data-[state=closed]:animate-slide-out-left',
      right: 'inset-y-0 right-0 h-full w-full max-w-md border-l data-[state=open]:animate-slide-in-right data-[state=closed]:animate-slide-out-right',
    },
  },
  defaultVariants: { side: 'right' },
})

type SheetContentProps = ComponentProps<typeof DialogPrimitive.Content> &
  VariantProps<typeof sheetVariants> & { hideClose?: boolean; closeLabel?: string }

export function SheetContent({ side, className, children, hideClose, closeLabel = 'Cerrar', ...props }: SheetContentProps) {
  return (
    <SheetPortal>
      <SheetOverlay />
      <DialogPrimitive.Content className={cn(sheetVariants({ side }), className)} {...props}>
        {children}
        {!hideClose && <DialogCornerClose label={closeLabel} />}
      </DialogPrimitive.Content>
    </SheetPortal>
  )
}

export function SheetHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 p-5 pr-14', className)} {...props} />
}

export function SheetFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('mt-auto flex flex-col gap-2 p-5', className)} {...props} />
}

export function SheetTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-xl font-bold', className)} {...props} />
}

export function SheetDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />
}
