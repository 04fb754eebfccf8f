/**
 * A time of day in 24-hour time ('08:00', '19:30'), as the order slots read, on every device:
 * the native time field draws '08:00 a. m.' on a phone set to Spanish (Guatemala) and
 * '08:00 AM' on an English one. Typed freely (a phone shows its number pad); on leaving the
 * field '8' becomes '08:00' and '830' becomes '08:30' (typedClock), and anything else is
 * left as typed for the form to name.
 */
import type { ComponentProps } from 'react'
import { typedClock } from '@/shared/date-time'
import { Input } from './input'

type Props = Omit<ComponentProps<'input'>, 'type' | 'value' | 'onChange'> & { value: string; onValueChange: (value: string) => void }

export function TimeInput({ value, onValueChange, onBlur, ...props }: Props) {
  return (
    <Input
      {...props}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      spellCheck={false}
      placeholder="HH:MM"
      maxLength={5}
      value={value}
      onChange={(e) => onValueChange(e.target.value)}
      onBlur={(e) => {
        const clock = typedClock(e.target.value)
        if (clock !== e.target.value) onValueChange(clock)
        onBlur?.(e)
      }}
    />
  )
}
