import { useId, useRef, useState } from 'react'
import { plateTotal, type AddInput, type CustomizationInput } from '../../../shared/cart'
import { formatQ } from '../../../shared/money'
import { defaultChoices, type OptionChoice, type OptionGroup } from '../../../shared/options'
import { Button } from '../../ui/button'
import { Choice, ChoiceInput } from '../../ui/choice'
import { cn } from '../../ui/cn'
import { DrawerFooter } from '../../ui/drawer'
import { cartOptions, chooseOption, chosenIn, optionGroupProblem, type DrawerOptions, type DrawerTarget } from '../customize-options'
import { OptionGroupFieldset } from './option-group-fieldset'

type Props = {
  target: DrawerTarget
  /** The SPEC's customisation (sauce, 'Salsa por aparte', base, extras): chilaquiles only; null for any other product. */
  options: DrawerOptions | null
  /** The product's option groups, in its order (issue #32), below the SPEC's sections. */
  groups?: readonly OptionGroup[]
  onConfirm: (input: AddInput) => void
  onCancel: () => void
  confirmLabel?: string
}

export function CustomizeForm({ target, options: spec, groups = [], onConfirm, onCancel, confirmLabel = 'Agregar al carrito' }: Props) {
  const { product, size } = target
  const [sauceId, setSauceId] = useState<number | null>(spec?.sauces[0]?.id ?? null)
  const [sauceOnSide, setSauceOnSide] = useState(false)
  const [removed, setRemoved] = useState<number[]>([])
  const [extraIds, setExtraIds] = useState<number[]>([])
  const [chosen, setChosen] = useState<OptionChoice[]>(() => defaultChoices(groups))
  // The groups' own messages show once the customer tried to add; the footer's reason shows always.
  const [attempted, setAttempted] = useState(false)
  const body = useRef<HTMLDivElement>(null)
  const reasonId = useId()

  const toggle = (list: number[], id: number) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id])
  const extras = spec ? spec.extras.filter((e) => extraIds.includes(e.id)) : []
  const picked = cartOptions(groups, chosen)
  const total = plateTotal(product, size, extras, picked)
  const sauce = spec?.sauces.find((s) => s.id === sauceId) ?? null
  const missingSauce = spec !== null && spec.sauces.length > 0 && sauce === null
  const problems = groups.map((group) => optionGroupProblem(group, chosen))
  const reason = missingSauce ? 'Elige tu salsa' : (problems.find((p) => p !== null) ?? null)

  const confirm = () => {
    if (reason) {
      setAttempted(true)
      // Take the customer to the first group still waiting for a choice (scrolled into view on a phone).
      const first = problems.findIndex((p) => p !== null)
      const fieldset = body.current?.querySelectorAll('[data-testid="option-group"]')[first]
      const input = fieldset?.querySelector<HTMLInputElement>('input:not(:disabled)')
      input?.focus()
      fieldset?.scrollIntoView?.({ block: 'center', behavior: 'smooth' })
      return
    }
    const customization: CustomizationInput | undefined = spec
      ? {
          sauce: sauce?.name ?? null,
          sauceId: sauce?.id ?? null,
          sauceOnSide,
          removedIngredients: removed,
          removedNames: spec.base.filter((b) => removed.includes(b.id)).map((b) => b.name),
          addedExtras: extras.map((e) => ({ id: e.id, name: e.name, price: e.price })),
        }
      : undefined
    onConfirm({ product, size, ...(customization ? { customization } : {}), ...(picked.length > 0 ? { options: picked } : {}) })
  }

  return (
    <>
      <div ref={body} className="flex-1 overflow-y-auto px-4 py-4" data-vaul-no-drag>
        <div className="mx-auto flex max-w-xl flex-col gap-6">
          {spec && spec.sauces.length > 0 && (
            <fieldset>
              <legend className="mb-2 flex w-full items-center justify-between font-bold">
                Salsa <span className="rounded-full bg-primary px-2 py-0.5 text-xs text-primary-foreground">Obligatorio</span>
              </legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {spec.sauces.map((s) => (
                  <Choice key={s.id}>
                    <ChoiceInput type="radio" name="sauce" required checked={sauceId === s.id} onChange={() => setSauceId(s.id)} />
                    {s.image && <img src={s.image} alt="" width="32" height="32" className="size-8" />}
                    <span className="font-semibold">{s.name}</span>
                  </Choice>
                ))}
              </div>
            </fieldset>
          )}

          {spec && (
            <Choice className="justify-between">
              <span>
                <span className="block font-semibold">Salsa por aparte</span>
                <span className="text-sm text-muted-foreground">Para que tus totopos lleguen crujientes</span>
              </span>
              <ChoiceInput type="checkbox" role="switch" checked={sauceOnSide} onChange={(e) => setSauceOnSide(e.target.checked)} />
            </Choice>
          )}

          {spec && spec.base.length > 0 && (
            <fieldset>
              <legend className="mb-2 font-bold">Ingredientes incluidos</legend>
              <p className="mb-2 text-sm text-muted-foreground">Desmarca lo que no quieras.</p>
              <div className="grid gap-2 sm:grid-cols-2">
                {spec.base.map((b) => (
                  <Choice key={b.id}>
                    <ChoiceInput type="checkbox" checked={!removed.includes(b.id)} onChange={() => setRemoved((r) => toggle(r, b.id))} />
                    <span>{b.name}</span>
                  </Choice>
                ))}
              </div>
            </fieldset>
          )}

          {spec && spec.extras.length > 0 && (
            <fieldset>
              <legend className="mb-2 font-bold">Extras</legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {spec.extras.map((x) => (
                  <Choice key={x.id}>
                    <ChoiceInput type="checkbox" checked={extraIds.includes(x.id)} onChange={() => setExtraIds((ids) => toggle(ids, x.id))} />
                    <span className="flex-1">{x.name}</span>
                    <span className="font-semibold text-primary">+{formatQ(x.price)}</span>
                  </Choice>
                ))}
              </div>
            </fieldset>
          )}

          {groups.map((group, i) => (
            <OptionGroupFieldset
              key={group.id}
              group={group}
              size={size}
              chosen={chosenIn(chosen, group)}
              onChoose={(optionId) => setChosen((c) => chooseOption(c, group, optionId))}
              problem={attempted ? (problems[i] ?? null) : null}
            />
          ))}
        </div>
      </div>
      <DrawerFooter className="border-t border-border">
        {reason && (
          <p id={reasonId} className={cn('text-center text-sm font-semibold', attempted && 'text-destructive')} data-testid="drawer-reason">
            {reason}
          </p>
        )}
        <div className="flex flex-col gap-2 sm:flex-row-reverse">
          {/* aria-disabled, not disabled: still reachable, it says why, and a tap goes to what is missing. */}
          <Button
            size="lg"
            className="sm:flex-1 aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
            onClick={confirm}
            aria-disabled={reason ? true : undefined}
            aria-describedby={reason ? reasonId : undefined}
            data-testid="drawer-confirm"
          >
            {confirmLabel} · <span data-testid="drawer-total">{formatQ(total)}</span>
          </Button>
          <Button variant="outline" size="lg" onClick={onCancel}>Cancelar</Button>
        </div>
      </DrawerFooter>
    </>
  )
}
