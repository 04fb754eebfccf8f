import { Minus, Plus, ShoppingBag, Trash2 } from 'lucide-react'
import { cartTotal, lineKey, SIZE_LABELS, type CartItem } from '../../../shared/cart'
import { formatQ } from '../../../shared/money'
import { Button } from '../../ui/button'
import { Sheet, SheetContent, SheetDescription, SheetFooter, SheetHeader, SheetTitle } from '../../ui/sheet'
import { cartActions, useCart } from '../cart-store'

type Props = { open: boolean; onOpenChange: (open: boolean) => void; onCheckout: () => void }

export function CartSheet({ open, onOpenChange, onCheckout }: Props) {
  const cart = useCart()

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="right" className="gap-0" data-testid="cart-sheet">
        <SheetHeader className="border-b border-border">
          <SheetTitle className="font-display text-2xl">Tu Pedido</SheetTitle>
          <SheetDescription>
            {cart.length === 0 ? 'Revisa tu pedido antes de enviarlo.' : 'Revisa tu pedido y envíalo por WhatsApp.'}
          </SheetDescription>
        </SheetHeader>

        {cart.length === 0 ? (
          <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
            <ShoppingBag aria-hidden="true" className="size-14 text-input" />
            <p className="text-lg font-bold">Tu carrito está vacío</p>
            <p className="text-muted-foreground">Agrega algunos chilaquiles para comenzar</p>
            <Button variant="outline" className="mt-2" onClick={() => onOpenChange(false)}>Ver el menú</Button>
          </div>
        ) : (
          <>
            <ul className="flex-1 divide-y divide-border overflow-y-auto px-5" aria-label="Productos en tu pedido">
              {cart.map((line) => (
                <CartLine key={lineKey(line)} line={line} />
              ))}
            </ul>
            <SheetFooter className="border-t border-border bg-card">
              <p className="flex items-baseline justify-between text-lg font-bold">
                Total <span className="font-display text-2xl text-primary" data-testid="cart-total">{formatQ(cartTotal(cart))}</span>
              </p>
              <Button variant="success" size="lg" onClick={onCheckout}>Ordenar por WhatsApp</Button>
              <Button variant="outline" onClick={cartActions.clear}>Vaciar Carrito</Button>
            </SheetFooter>
          </>
        )}
      </SheetContent>
    </Sheet>
  )
}

function CartLine({ line }: { line: CartItem }) {
  const key = lineKey(line)
  const c = line.customization
  const details = [
    c?.sauce && `Salsa: ${c.sauce}${c.sauceOnSide ? ' (por aparte)' : ''}`,
    c && c.addedExtras.length > 0 && `Extras: ${c.addedExtras.map((e) => e.name).join(', ')}`,
    c && c.removedNames.length > 0 && `Sin: ${c.removedNames.join(', ')}`,
  ].filter(Boolean)
  const name = `${line.product.name} (${SIZE_LABELS[line.size]})`

  return (
    <li className="flex gap-3 py-4" data-testid="cart-line">
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{name}</p>
        {details.map((d) => (
          <p key={String(d)} className="text-sm text-muted-foreground">{d}</p>
        ))}
        <p className="mt-1 text-sm text-muted-foreground">{formatQ(line.price)} c/u</p>
        <div className="mt-2 flex items-center gap-2">
          <Button variant="outline" size="icon-sm" aria-label={`Quitar uno: ${name}`} onClick={() => cartActions.setQuantity(key, line.quantity - 1)}>
            <Minus aria-hidden="true" />
          </Button>
          <span className="w-8 text-center font-bold" data-testid="cart-qty" aria-label={`Cantidad: ${line.quantity}`}>{line.quantity}</span>
          <Button variant="outline" size="icon-sm" aria-label={`Agregar uno: ${name}`} onClick={() => cartActions.setQuantity(key, line.quantity + 1)}>
            <Plus aria-hidden="true" />
          </Button>
        </div>
      </div>
      <div className="flex flex-col items-end justify-between">
        <p className="font-bold">{formatQ(line.price * line.quantity)}</p>
        <Button variant="ghost" size="icon-sm" aria-label={`Eliminar ${name}`} onClick={() => cartActions.remove(key)} className="text-destructive hover:text-destructive">
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    </li>
  )
}
