import { useState } from 'react'
import { SIZE_LABELS, unitPrice, type AddInput, type Size } from '../../../shared/cart'
import { formatQ } from '../../../shared/money'
import type { Ingredient } from '../../../shared/schemas/ingredient'
import { Button } from '../../ui/button'
import { Drawer, DrawerContent, DrawerDescription, DrawerFooter, DrawerHeader, DrawerTitle } from '../../ui/drawer'
import { allowed, useIngredients, type IngredientsByType } from '../ingredients'
import type { StoreProduct } from '../page-data'
import { CustomizeForm } from './customize-form'

export type DrawerTarget = { product: StoreProduct; size: Size; session: number }

type Props = {
  target: DrawerTarget | null
  onClose: () => void
  onConfirm: (input: AddInput) => void
}

/** Bottom drawer (85vh) to customise a plate of chilaquiles before adding it. */
export function CustomizeDrawer({ target, onClose, onConfirm }: Props) {
  const ingredients = useIngredients(target !== null)
  // Keep the last product on screen while the drawer slides away.
  const [shown, setShown] = useState<DrawerTarget | null>(target)
  if (target !== null && target !== shown) setShown(target)

  return (
    <Drawer open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <DrawerContent className="h-[85vh]" data-testid="customize-drawer">
        {shown && (
          <>
            <DrawerHeader className="border-b border-border">
              <DrawerTitle className="font-display text-2xl">{shown.product.name}</DrawerTitle>
              <DrawerDescription>
                Tamaño {SIZE_LABELS[shown.size]} · {formatQ(unitPrice(shown.product, shown.size))}. Escoge tu salsa y arma tu plato.
              </DrawerDescription>
            </DrawerHeader>
            {ingredients.status === 'ready' ? (
              // A new key per opening: closing and reopening starts from the defaults (SPEC 4).
              <CustomizeForm key={shown.session} target={shown} options={options(ingredients.data, shown.product)} onConfirm={onConfirm} onCancel={onClose} />
            ) : ingredients.status === 'error' ? (
              <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center" role="alert">
                <p>No se pudieron cargar los ingredientes.</p>
                <Button variant="outline" onClick={ingredients.retry}>Reintentar</Button>
              </div>
            ) : (
              <p className="flex flex-1 items-center justify-center p-6 text-muted-foreground" role="status">
                Cargando ingredientes...
              </p>
            )}
            {ingredients.status !== 'ready' && (
              <DrawerFooter className="border-t border-border">
                <Button variant="outline" onClick={onClose}>Cancelar</Button>
              </DrawerFooter>
            )}
          </>
        )}
      </DrawerContent>
    </Drawer>
  )
}

export type DrawerOptions = { sauces: Ingredient[]; base: Ingredient[]; extras: Ingredient[] }

function options(data: IngredientsByType, product: StoreProduct): DrawerOptions {
  return {
    sauces: allowed(data.salsa, product.availableSauces),
    base: allowed(data.base, product.baseIngredientIds),
    extras: allowed(data.extra, product.extraIngredientIds),
  }
}
