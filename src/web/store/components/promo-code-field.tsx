import { Tag } from 'lucide-react'
import { type FormEvent, useId, useState } from 'react'
import { formatQ } from '../../../shared/money'
import { Button } from '../../ui/button'
import { cn } from '../../ui/cn'
import { Input } from '../../ui/input'
import { Label } from '../../ui/label'
import type { CodeState } from '../cart-figures'
import { CODE_TAKES_NOTHING_YET, PROMO_CODE_MAX, promoCodeOf } from '../promo-code-store'

type Props = {
  state: CodeState
  onApply: (code: string) => void
  onRemove: () => void
}

/** What the field says of the cart's code, and in which tone. */
function said(state: Exclude<CodeState, { kind: 'none' }>): { text: string; tone: 'muted' | 'success' | 'destructive' } {
  switch (state.kind) {
    case 'checking':
      return { text: 'Revisando el código…', tone: 'muted' }
    case 'unknown':
      return { text: 'Lo revisamos al enviar tu pedido.', tone: 'muted' }
    case 'applied':
      return state.amount > 0
        ? { text: `Código ${state.code}: -${formatQ(state.amount)}`, tone: 'success' }
        : { text: CODE_TAKES_NOTHING_YET, tone: 'muted' }
    case 'refused':
      return { text: state.reason, tone: 'destructive' }
  }
}

const TONES = { muted: 'text-muted-foreground', success: 'font-semibold text-success', destructive: 'font-medium text-destructive' } as const

/**
 * 'Código de descuento' in 'Tu Pedido' (issue #33): typed here or brought by a link
 * (/?codigo=MARTES). With a code, it says what the server's quote made of it: what it takes
 * off, that it takes nothing yet, or plainly why it does not apply ('Ese código ya venció').
 */
export function PromoCodeField({ state, onApply, onRemove }: Props) {
  const id = useId()
  const [draft, setDraft] = useState('')
  const [error, setError] = useState<string | null>(null)

  if (state.kind !== 'none') {
    const { text, tone } = said(state)
    return (
      <div className="flex flex-col gap-2 border-b border-border py-4" data-testid="promo-code">
        <p className="text-sm font-medium">Código de descuento</p>
        <div className="flex items-center gap-2 rounded-md border border-border bg-muted/60 py-1 pr-1 pl-3">
          <Tag aria-hidden="true" className="size-4 shrink-0 text-primary" />
          <span className="flex-1 font-bold tracking-wide" data-testid="promo-code-value">{state.code}</span>
          <Button variant="ghost" className="h-11" onClick={onRemove} aria-label={`Quitar el código ${state.code}`}>
            Quitar
          </Button>
        </div>
        <p aria-live="polite" className={cn('text-sm', TONES[tone])} data-testid="promo-code-state" data-state={state.kind}>
          {text}
        </p>
      </div>
    )
  }

  const apply = (event: FormEvent) => {
    event.preventDefault()
    if (draft.trim() === '') return
    const code = promoCodeOf(draft)
    // Not a code's shape: the server's own words for a code it does not have.
    if (!code) return setError('Ese código no existe')
    setError(null)
    setDraft('')
    onApply(code)
  }

  return (
    <form onSubmit={apply} className="flex flex-col gap-2 border-b border-border py-4" data-testid="promo-code">
      <Label htmlFor={`${id}-code`}>
        Código de descuento<span className="font-normal text-muted-foreground"> (opcional)</span>
      </Label>
      <div className="flex gap-2">
        <Input
          id={`${id}-code`}
          value={draft}
          onChange={(e) => {
            setDraft(e.target.value)
            setError(null)
          }}
          maxLength={PROMO_CODE_MAX}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          enterKeyHint="done"
          placeholder="p. ej. MARTES"
          className="uppercase placeholder:normal-case"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-code-error` : undefined}
        />
        <Button type="submit" variant="outline" className="h-10">
          Aplicar
        </Button>
      </div>
      {error && (
        <p id={`${id}-code-error`} className="text-sm font-medium text-destructive" data-testid="field-error">
          {error}
        </p>
      )}
    </form>
  )
}
