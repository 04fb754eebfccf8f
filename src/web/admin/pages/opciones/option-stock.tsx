import type { OptionGroup } from '@/shared/options'
import { Badge } from '@/web/ui/badge'
import { Switch } from '@/web/ui/switch'
import { priceText } from './option-text'
import { useOptionAvailability } from './use-option-groups'

/**
 * A group's options, each with its prices and a 'Disponible' / 'Agotado' switch: what the
 * kitchen switches when the almond milk runs out (any account, 'Cocina / caja' included).
 */
export function OptionStock({ group }: { group: OptionGroup }) {
  const availability = useOptionAvailability()
  return (
    <ul className="grid divide-y divide-border text-sm" aria-label={`Opciones de ${group.name}`}>
      {group.options.map((option) => {
        const pending = availability.isPending && availability.variables.option.id === option.id
        return (
          <li key={option.id} className="flex items-center justify-between gap-3 py-2" data-testid="option-stock">
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className={option.available ? 'font-medium' : 'font-medium text-muted-foreground line-through'}>{option.name}</span>
                {option.isDefault ? <Badge variant="outline">Por defecto</Badge> : null}
              </p>
              <p className="text-xs text-muted-foreground">{priceText(option)}</p>
            </div>
            <label className="flex shrink-0 items-center gap-2">
              {option.available ? <span className="text-muted-foreground">Disponible</span> : <Badge variant="destructive">Agotado</Badge>}
              <Switch
                checked={option.available}
                disabled={pending}
                aria-label={`${group.name}: ${option.name} disponible`}
                onCheckedChange={(available) => availability.mutate({ group, option, available })}
              />
            </label>
          </li>
        )
      })}
    </ul>
  )
}
