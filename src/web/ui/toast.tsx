import * as ToastPrimitives from '@radix-ui/react-toast'
import { cva, type VariantProps } from 'class-variance-authority'
import { X } from 'lucide-react'
import type { ComponentProps } from 'react'
import { cn } from './cn'

const TOAST_DURATION = 5000
const TOAST_SWIPE_THRESHOLD = 50

export function ToastProvider(props: ComponentProps<typeof ToastPrimitives.Provider>) {
  return <ToastPrimitives.Provider duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD} label="Notificación" {...props} />
}

/**
 * Where toasts show: at the top, in the middle, on every screen (issue #40: in the bottom-right
 * corner a toast covered the next dialog's 'Crear'). A dialog keeps its actions at its foot and
 * its close button in its top corner: a toast at the top, narrower than any dialog by more than
 * that corner (on a phone 4.5rem from each side: the corner buttons of a dialog, a sheet and
 * the header stay clear), never lies over either, whenever it comes.
 */
export function ToastViewport({ className, ...props }: ComponentProps<typeof ToastPrimitives.Viewport>) {
  return (
    <ToastPrimitives.Viewport
      hotkey={['F8']}
      label="Notificaciones ({hotkey})"
      className={cn('fixed top-0 left-1/2 z-[100] flex max-h-screen w-full -translate-x-1/2 flex-col px-[4.5rem] py-4 sm:max-w-[26rem] sm:px-4', className)}
      {...props}
    />
  )
}

const toastVariants = cva(
  'group pointer-events-auto relative flex w-full items-center justify-between gap-3 overflow-hidden rounded-lg border p-4 pr-8 max-sm:pr-12 shadow-lg transition-all data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=move]:transition-none data-[state=closed]:opacity-0',
  {
    variants: {
      variant: {
        default: 'border-border bg-card text-foreground',
        destructive: 'destructive border-destructive bg-destructive text-destructive-foreground',
      },
    },
    defaultVariants: { variant: 'default' },
  },
)

export function Toast({ className, variant, ...props }: ComponentProps<typeof ToastPrimitives.Root> & VariantProps<typeof toastVariants>) {
  return <ToastPrimitives.Root className={cn(toastVariants({ variant }), className)} {...props} />
}

export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitives.Close>) {
  return (
    <ToastPrimitives.Close
      aria-label="Cerrar"
      className={cn(
        'absolute right-2 top-2 inline-flex items-center justify-center rounded-md p-1 max-sm:right-1 max-sm:top-1 max-sm:size-11 opacity-70 hover:opacity-100 focus:opacity-100 focus-visible:outline-2 focus-visible:outline-ring',
        className,
      )}
      toast-close=""
      {...props}
    >
      <X className="size-4" aria-hidden="true" />
    </ToastPrimitives.Close>
  )
}

export function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitives.Title>) {
  return <ToastPrimitives.Title className={cn('text-sm font-semibold', className)} {...props} />
}

export function ToastDescription({ className, ...props }: ComponentProps<typeof ToastPrimitives.Description>) {
  return <ToastPrimitives.Description className={cn('text-sm opacity-90', className)} {...props} />
}
