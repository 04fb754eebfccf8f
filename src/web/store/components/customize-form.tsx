import { useState } from 'react'
import { plateTotal, type AddInput, type CustomizationInput } from '../../../shared/cart'
import { formatQ } from '../../../shared/money'
import { Button } from '../../ui/button'
import { Choice, ChoiceInput } from '../../ui/choice'
import { DrawerFooter } from '../../ui/drawer'
import type { DrawerOptions, DrawerTarget } from '../customize-options'

type Props = { target: DrawerTarget; options: DrawerOptions; onConfirm: (input: AddInput) => void; onCancel: () => void }

export function CustomizeForm({ target, options, onConfirm, onCancel }: Props) {
  const { product, size } = target
  const [sauceId, setSauceId] = useState<number | null>(options.sauces[0]?.id ?? null)
  const [sauceOnSide, setSauceOnSide] = useState(false)
  const [removed, setRemoved] = useState<number[]>([])
  const [extraIds, setExtraIds] = useState<number[]>([])

  const toggle = (list: number[], id: number) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id])
  const extras = options.extras.filter((e) => extraIds.includes(e.id))
  const total = plateTotal(product, size, extras)
  const sauce = options.sauces.find((s) => s.id === sauceId) ?? null
  const missingSauce = options.sauces.length > 0 && sauce === null

  const confirm = () => {
    if (missingSauce) return
    const customization: CustomizationInput = {
      sauce: sauce?.name ?? null,
      sauceId: sauce?.id ?? null,
      sauceOnSide,
      removedIngredients: removed,
      removedNames: options.base.filter((b) => removed.includes(b.id)).map((b) => b.name),
      addedExtras: extras.map((e) => ({ id: e.id, name: e.name, price: e.price })),
    }
    onConfirm({ product, size, customization })
  }

  return (
    <>
      <div className="flex-1 overflow-y-auto px-4 py-4" data-vaul-no-drag>
        <div className="mx-auto flex max-w-xl flex-col gap-6">
          {options.sauces.length > 0 && (
            <fieldset>
              <legend className="mb-2 flex w-full items-center justify-between font-bold">
                Salsa <span className="rounded-full bg-primary px-2 py-0.5 text-xs text-primary-foreground">Obligatorio</span>
              </legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {options.sauces.map((s) => (
                  <Choice key={s.id}>
                    <ChoiceInput type="radio" name="sauce" required checked={sauceId === s.id} onChange={() => setSauceId(s.id)} />
                    {s.image && <img src={s.image} alt="" width="32" height="32" className="size-8" />}
                    <span className="font-semibold">{s.name}</span>
                  </Choice>
                ))}
              </div>
            </fieldset>
          )}

          <Choice className="justify-between">
            <span>
              <span className="block font-semibold">Salsa por aparte</span>
              <span className="text-sm text-muted-foreground">Para que tus totopos lleguen crujientes</span>
            </span>
            <ChoiceInput type="checkbox" role="switch" checked={sauceOnSide} onChange={(e) => setSauceOnSide(e.target.checked)} />
          </Choice>

          {options.base.length > 0 && (
            <fieldset>
              <legend className="mb-2 font-bold">Ingredientes incluidos</legend>
              <p className="mb-2 text-sm text-muted-foreground">Desmarca lo que no quieras.</p>
              <div className="grid gap-2 sm:grid-cols-2">
                {options.base.map((b) => (
                  <Choice key={b.id}>
                    <ChoiceInput type="checkbox" checked={!removed.includes(b.id)} onChange={() => setRemoved((r) => toggle(r, b.id))} />
                    <span>{b.name}</span>
                  </Choice>
                ))}
              </div>
            </fieldset>
          )}

          {options.extras.length > 0 && (
            <fieldset>
              <legend className="mb-2 font-bold">Extras</legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {options.extras.map((x) => (
                  <Choice key={x.id}>
                    <ChoiceInput type="checkbox" checked={extraIds.includes(x.id)} onChange={() => setExtraIds((ids) => toggle(ids, x.id))} />
                    <span className="flex-1">{x.name}</span>
                    <span className="font-semibold text-primary">+{formatQ(x.price)}</span>
                  </Choice>
                ))}
              </div>
            </fieldset>
          )}
        </div>
      </div>
      <DrawerFooter className="border-t border-border sm:flex-row-reverse">
        <Button size="lg" className="sm:flex-1" onClick={confirm} disabled={missingSauce} data-testid="drawer-confirm">
          Agregar al carrito · <span data-testid="drawer-total">{formatQ(total)}</span>
        </Button>
        <Button variant="outline" size="lg" onClick={onCancel}>Cancelar</Button>
      </DrawerFooter>
    </>
  )
}
