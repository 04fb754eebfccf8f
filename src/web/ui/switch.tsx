import type { ComponentProps } from 'react'
import { cn } from './cn'

type SwitchProps = Omit<ComponentProps<'button'>, 'onChange' | 'value'> & {
  checked: boolean
  onCheckedChange: (checked: boolean) => void
}

/**
 * A button with role="switch" (WAI-ARIA switch pattern). The button is the target a finger
 * meets: on a phone it is 44 px tall around the 24 px track it draws (WCAG 2.5.5, issue #40).
 */
export function Switch({ checked, onCheckedChange, className, disabled, ...props }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      data-state={checked ? 'checked' : 'unchecked'}
      disabled={disabled}
      onClick={() => onCheckedChange(!checked)}
      className={cn(
        'peer inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full max-sm:h-11 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    >
      <span aria-hidden="true" className={cn('inline-flex h-6 w-11 items-center rounded-full border-2 border-transparent transition-colors', checked ? 'bg-success' : 'bg-input')}>
        <span
          className={cn(
            'pointer-events-none block size-5 rounded-full bg-white shadow-lg ring-0 transition-transform',
            checked ? 'translate-x-5' : 'translate-x-0',
          )}
        />
      </span>
    </button>
  )
}
