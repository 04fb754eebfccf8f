import { SIZE_LABELS, type Size } from '../../../shared/cart'
import { cn } from '../../ui/cn'

type Props = { name: string; label: string; value: Size; onChange: (size: Size) => void }

/** Mediano / Grande as a native radio group styled as a segmented control (arrow keys work natively). */
export function SizeSelector({ name, label, value, onChange }: Props) {
  return (
    <fieldset className="inline-flex rounded-full bg-muted p-1">
      <legend className="sr-only">{label}</legend>
      {(['mediano', 'grande'] as const).map((size) => (
        <label
          key={size}
          className={cn(
            'cursor-pointer rounded-full px-3 py-1 text-xs font-semibold text-muted-foreground transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring',
            value === size && 'bg-card text-foreground shadow-sm',
          )}
        >
          <input type="radio" name={name} value={size} checked={value === size} onChange={() => onChange(size)} className="sr-only" />
          {SIZE_LABELS[size]}
        </label>
      ))}
    </fieldset>
  )
}
