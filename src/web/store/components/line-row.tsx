/**
 * One line of an order being put together, with its quantity stepper and its delete button:
 * the storefront's 'Tu Pedido' (cart-sheet.tsx) and the board's 'Editar pedido' (issue #34,
 * admin pages/pedidos/order-editor.tsx) both show their lines with it, so staff change an order
 * with the very row the customer filled it with. It only shows and reports: what a tap changes
 * is its caller's (the cart's store, the editor's state).
 */
import { Minus, Plus, Trash2 } from 'lucide-react'
import type { ReactNode } from 'react'
import { type CartItem, type CustomizationInput, SIZE_LABELS } from '../../../shared/cart'
import { formatQ } from '../../../shared/money'
import { cartOptionPhrases } from '../../../shared/order-text'
import { Button } from '../../ui/button'
import { cn } from '../../ui/cn'

/** 'Chilaquiles Clásicos (Grande)': how a cart line is named, on screen and in the buttons' names. */
export const cartLineName = (line: Pick<CartItem, 'product' | 'size'>): string => `${line.product.name} (${SIZE_LABELS[line.size]})`

/** What was chosen for a cart line, one phrase each: the sauce, the extras, what to leave out, the options. */
export function cartLineDetails(line: Pick<CartItem, 'options' | 'size'> & { customization?: CustomizationInput }): string[] {
  const c = line.customization
  const details = [
    c?.sauce && `Salsa: ${c.sauce}${c.sauceOnSide ? ' (por aparte)' : ''}`,
    c && c.addedExtras.length > 0 && `Extras: ${c.addedExtras.map((e) => e.name).join(', ')}`,
    c && c.removedNames.length > 0 && `Sin: ${c.removedNames.join(', ')}`,
    // 'Leche: Almendra (+Q5)', each option at the line's size, as the chat text says it.
    ...cartOptionPhrases(line),
  ]
  return details.filter((d): d is string => typeof d === 'string' && d !== '')
}

type Props = {
  /** 'Horchata (Mediano)': the buttons' names say it too ('Agregar uno: Horchata (Mediano)'). */
  name: string
  details: readonly string[]
  /** The unit price and the line's total, as the caller knows them. */
  price: number
  lineTotal: number
  quantity: number
  /** Why the line cannot be ordered as it is ('Agotado'), or null: shown, and '+' is disabled. */
  unavailable?: string | null
  /** A word beside the name (the editor's 'Nuevo'). */
  tag?: ReactNode
  /** The new quantity; 0 or less is the caller's to treat as a removal. */
  onQuantity: (quantity: number) => void
  onRemove: () => void
}

export function LineRow({ name, details, price, lineTotal, quantity, unavailable = null, tag, onQuantity, onRemove }: Props) {
  return (
    <li className={cn('flex gap-3 py-4', unavailable && '-mx-2 rounded-md bg-destructive/5 px-2')} data-testid="cart-line" data-unavailable={unavailable ? true : undefined}>
      <div className="min-w-0 flex-1">
        <p className="font-semibold">
          {name}
          {tag ? <> {tag}</> : null}
        </p>
        {unavailable && <p className="text-sm font-semibold text-destructive">{unavailable}</p>}
        {details.map((d) => (
          <p key={d} className="text-sm text-muted-foreground">{d}</p>
        ))}
        <p className="mt-1 text-sm text-muted-foreground">{formatQ(price)} c/u</p>
        <div className="mt-2 flex items-center gap-2">
          <Button variant="outline" size="icon-tap" aria-label={`Quitar uno: ${name}`} onClick={() => onQuantity(quantity - 1)}>
            <Minus aria-hidden="true" />
          </Button>
          <span className="w-8 text-center font-bold" data-testid="cart-qty" aria-label={`Cantidad: ${quantity}`}>{quantity}</span>
          <Button variant="outline" size="icon-tap" aria-label={`Agregar uno: ${name}`} disabled={unavailable !== null} onClick={() => onQuantity(quantity + 1)}>
            <Plus aria-hidden="true" />
          </Button>
        </div>
      </div>
      <div className="flex flex-col items-end justify-between">
        <p className="font-bold" data-testid="cart-line-total">{formatQ(lineTotal)}</p>
        <Button variant="ghost" size="icon-tap" aria-label={`Eliminar ${name}`} onClick={onRemove} className="text-destructive hover:text-destructive">
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    </li>
  )
}
