/**
 * One option group in the drawer (issue #32): a fieldset whose legend says the group, its rule
 * ('Elige 1' / 'Elige hasta N'), how many are chosen, and 'Obligatorio'. 'Elige 1' is a radio
 * group (an optional one starts with 'Sin …', so a choice can be taken back); 'Elige hasta N'
 * is checkboxes, the unticked ones disabled once N are ticked. A sold-out option is shown,
 * disabled, with 'Agotado'. Native inputs in the design system's Choice: keyboard and screen
 * readers get the platform's own behaviour.
 */
import { useId } from 'react'
import type { Size } from '../../../shared/cart'
import { formatQ } from '../../../shared/money'
import { groupRule, isRequired, optionPrice, type OptionGroup } from '../../../shared/options'
import { Badge } from '../../ui/badge'
import { Choice, ChoiceInput } from '../../ui/choice'
import { cn } from '../../ui/cn'
import { noneLabel } from '../customize-options'

type Props = {
  group: OptionGroup
  size: Size
  /** The option ids chosen in this group. */
  chosen: readonly number[]
  /** An option id, or null for an optional 'Elige 1' group's 'Sin …'. */
  onChoose: (optionId: number | null) => void
  /** The group's problem, shown once the customer tried to add ('Elige una opción de Leche'). */
  problem: string | null
}

export function OptionGroupFieldset({ group, size, chosen, onChoose, problem }: Props) {
  const id = useId()
  const single = group.max === 1
  const required = isRequired(group)
  const full = !single && chosen.length >= group.max
  const problemId = `${id}-problem`
  const fullId = `${id}-full`

  return (
    <fieldset data-testid="option-group" data-group={group.name} aria-describedby={[problem && problemId, full && fullId].filter(Boolean).join(' ') || undefined}>
      <legend className="mb-2 flex w-full flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <span className="font-bold">{group.name}</span>
        <span className="flex items-center gap-2 text-sm">
          <span className="text-muted-foreground">{groupRule(group)}</span>
          {!single && (
            <Badge variant={full ? 'secondary' : 'outline'} data-testid="option-count">
              {chosen.length} de {group.max}
            </Badge>
          )}
          {required && <Badge>Obligatorio</Badge>}
        </span>
      </legend>
      {problem && (
        <p id={problemId} className="mb-2 text-sm font-semibold text-destructive" data-testid="option-problem">
          {problem}
        </p>
      )}
      <div className="grid gap-2 sm:grid-cols-2">
        {single && !required && (
          <Choice>
            <ChoiceInput type="radio" name={id} checked={chosen.length === 0} onChange={() => onChoose(null)} />
            <span className="flex-1">{noneLabel(group)}</span>
          </Choice>
        )}
        {group.options.map((option) => {
          const checked = chosen.includes(option.id)
          const price = optionPrice(option, size)
          return (
            <Choice key={option.id}>
              <ChoiceInput
                type={single ? 'radio' : 'checkbox'}
                name={id}
                required={single && required}
                checked={checked}
                disabled={!option.available || (full && !checked)}
                onChange={() => onChoose(option.id)}
              />
              <span className={cn('flex-1', !option.available && 'text-muted-foreground line-through')}>{option.name}</span>
              {!option.available ? (
                <Badge variant="outline">Agotado</Badge>
              ) : (
                price > 0 && <span className="font-semibold text-primary">+{formatQ(price)}</span>
              )}
            </Choice>
          )
        })}
      </div>
      {full && (
        <p id={fullId} className="mt-2 text-sm text-muted-foreground">
          Ya elegiste {group.max}. Quita una opción para elegir otra.
        </p>
      )}
    </fieldset>
  )
}
