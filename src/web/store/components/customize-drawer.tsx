import { useState } from 'react'
import { SIZE_LABELS, unitPrice, type AddInput } from '../../../shared/cart'
import { formatQ } from '../../../shared/money'
import { Button } from '../../ui/button'
import { Drawer, DrawerContent, DrawerDescription, DrawerFooter, DrawerHeader, DrawerTitle } from '../../ui/drawer'
import { drawerOptions, type DrawerTarget } from '../customize-options'
import { useIngredients } from '../ingredients'
import { CustomizeForm } from './customize-form'

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
              <CustomizeForm key={shown.session} target={shown} options={drawerOptions(ingredients.data, shown.product)} onConfirm={onConfirm} onCancel={onClose} />
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
