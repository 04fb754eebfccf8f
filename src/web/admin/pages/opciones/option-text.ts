/** How the admin says an option group's rule and an option's prices (the storefront's drawer says the same rule). */
import { groupRule, isRequired, type Option, type OptionGroup } from '@/shared/options'
import { formatQ } from '@/shared/money'

/** 'Elige 1 · Obligatorio', 'Elige hasta 3 · Opcional', 'Elige hasta 3 · Obligatorio (mínimo 2)'. */
export function ruleParts(group: Pick<OptionGroup, 'min' | 'max'>): [string, string] {
  const need = !isRequired(group) ? 'Opcional' : group.min > 1 ? `Obligatorio (mínimo ${group.min})` : 'Obligatorio'
  return [groupRule(group), need]
}

/** '+Q5', '+Q5 · Grande +Q7', 'Sin costo', 'Sin costo · Grande +Q3'. */
export function priceText(option: Pick<Option, 'price' | 'priceGrande'>): string {
  const base = option.price > 0 ? `+${formatQ(option.price)}` : 'Sin costo'
  return option.priceGrande === null || option.priceGrande === option.price ? base : `${base} · Grande +${formatQ(option.priceGrande)}`
}
