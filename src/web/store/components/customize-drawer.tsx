import { useState } from 'react'
import { SIZE_LABELS, unitPrice, type AddInput } from '../../../shared/cart'
import { formatQ } from '../../../shared/money'
import { groupsOf } from '../../../shared/options'
import { Button } from '../../ui/button'
import { Drawer, DrawerContent, DrawerDescription, DrawerFooter, DrawerHeader, DrawerTitle } from '../../ui/drawer'
import { customisedTheSpecWay, hasOptionGroups } from '../customisable'
import { drawerOptions, type DrawerTarget } from '../customize-options'
import { useIngredients } from '../ingredients'
import { useOptionGroups } from '../option-groups'
import { CustomizeForm } from './customize-form'

type Props = {
  target: DrawerTarget | null
  onClose: () => void
  onConfirm: (input: AddInput) => void
  /** The confirm button's words before its total: 'Agregar al carrito' (the board's 'Editar pedido' says 'Agregar al pedido'). */
  confirmLabel?: string
}

/**
 * Bottom drawer (85vh) to customise a product before adding it: the SPEC's plate of
 * chilaquiles (sauce, 'Salsa por aparte', base, extras) and, for any product that has them,
 * its option groups (issue #32). Its own chunk, loaded when it first opens (app.tsx).
 */
export function CustomizeDrawer({ target, onClose, onConfirm, confirmLabel }: Props) {
  // Keep the last product on screen while the drawer slides away.
  const [shown, setShown] = useState<DrawerTarget | null>(target)
  if (target !== null && target !== shown) setShown(target)
  const spec = shown !== null && customisedTheSpecWay(shown.product)
  // By what is shown, not by `target`: the form keeps its content while the drawer slides away.
  const ingredients = useIngredients(spec)
  const optionGroups = useOptionGroups(shown !== null && hasOptionGroups(shown.product))
  const what = spec ? 'ingredientes' : 'opciones'
  const failed = (spec && ingredients.status === 'error') || optionGroups.status === 'error'
  const ready = (!spec || ingredients.status === 'ready') && (optionGroups.status === 'ready' || optionGroups.status === 'off')
  const retry = () => {
    if (ingredients.status === 'error') ingredients.retry()
    if (optionGroups.status === 'error') optionGroups.retry()
  }

  return (
    <Drawer open={target !== null} onOpenChange={(open) => !open && onClose()}>
      {/* The SPEC's plate: 85vh. A product with only a few options needs less: as tall as its choices, at most 85vh. */}
      <DrawerContent className={shown === null || spec ? 'h-[85vh]' : 'max-h-[85vh]'} data-testid="customize-drawer">
        {shown && (
          <>
            <DrawerHeader className="border-b border-border">
              <DrawerTitle className="font-display text-2xl">{shown.product.name}</DrawerTitle>
              <DrawerDescription>
                {spec || shown.product.priceGrande != null ? `Tamaño ${SIZE_LABELS[shown.size]} · ` : ''}
                {formatQ(unitPrice(shown.product, shown.size))}. {spec ? 'Escoge tu salsa y arma tu plato.' : 'Elige cómo lo quieres.'}
              </DrawerDescription>
            </DrawerHeader>
            {ready ? (
              // A new key per opening: closing and reopening starts from the defaults (SPEC 4).
              <CustomizeForm
                key={shown.session}
                target={shown}
                options={spec && ingredients.status === 'ready' ? drawerOptions(ingredients.data, shown.product) : null}
                groups={optionGroups.status === 'ready' ? groupsOf(shown.product, optionGroups.data) : []}
                onConfirm={onConfirm}
                onCancel={onClose}
                confirmLabel={confirmLabel}
              />
            ) : failed ? (
              <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center" role="alert">
                <p>No se pudieron cargar los {what}.</p>
                <Button variant="outline" onClick={retry}>Reintentar</Button>
              </div>
            ) : (
              <p className="flex flex-1 items-center justify-center p-6 text-muted-foreground" role="status">
                Cargando {what}...
              </p>
            )}
            {!ready && (
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
