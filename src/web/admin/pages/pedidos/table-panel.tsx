/**
 * The board's tables (issue #45): each table with an active order or an unattended call, its
 * orders under its name, the call ('Mesa 5 pide la cuenta') until someone attends it, and its
 * bill: GET /api/tables/{id}/bill (its orders since it was last closed, lines and total),
 * printed as a ticket (print-ticket.ts) and closed with 'Cerrar mesa' (POST /api/tables/{id}/close:
 * the open orders become delivered, the next bill starts).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { BellRing, Printer, ReceiptText } from 'lucide-react'
import { useState } from 'react'
import { tableCallText } from '@/shared/dining-table'
import { formatQ } from '@/shared/money'
import type { TableCallEvent } from '@/shared/order-events'
import type { Order } from '@/shared/schemas'
import { Button } from '@/web/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/web/ui/card'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/ui/dialog'
import { toast } from '@/web/ui/use-toast'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { Loading } from '../../components/loading'
import { QueryError } from '../../components/query-state'
import { api, apiQuery, call, keyOf, serverMessage } from '../../lib/api'
import { ORDERS_KEY } from '../../lib/query-keys'
import { printBill } from './print-ticket'

type Props = {
  /** The active orders on the board (a table's show under its name). */
  orders: readonly Order[]
  calls: readonly TableCallEvent[]
  onAttend: (tableId: number) => void
  onOpen: (order: Order) => void
}

type Seated = { id: number; name: string; orders: Order[]; calls: TableCallEvent[] }

/** The tables with something to do: active orders or calls, in table order. */
function seatedTables(orders: readonly Order[], calls: readonly TableCallEvent[]): Seated[] {
  const byId = new Map<number, Seated>()
  const seat = (id: number, name: string) => {
    let table = byId.get(id)
    if (!table) byId.set(id, (table = { id, name, orders: [], calls: [] }))
    return table
  }
  for (const order of orders) if (order.fulfilment === 'mesa' && order.tableId) seat(order.tableId, order.tableName ?? 'Mesa').orders.push(order)
  for (const c of calls) seat(c.tableId, c.name).calls.push(c)
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name, 'es', { numeric: true }))
}

export function TablePanel({ orders, calls, onAttend, onOpen }: Props) {
  const [billOf, setBillOf] = useState<{ id: number; name: string } | null>(null)
  const tables = seatedTables(orders, calls)
  if (tables.length === 0 && !billOf) return null
  return (
    <Card className="mt-4 sm:mt-6" data-testid="table-panel">
      <CardHeader>
        <CardTitle as="h2">Mesas</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label="Mesas con pedidos">
          {tables.map((table) => (
            <li key={table.id} className="grid gap-2 rounded-lg border border-border p-3" data-testid="board-table">
              <div className="flex items-center justify-between gap-2">
                <p className="font-display text-lg font-bold">{table.name}</p>
                <Button variant="outline" size="sm" onClick={() => setBillOf({ id: table.id, name: table.name })}>
                  <ReceiptText aria-hidden="true" /> Cuenta
                </Button>
              </div>
              {table.calls.map((c) => (
                <div key={c.call} role="alert" className="flex items-center justify-between gap-2 rounded-md bg-secondary px-3 py-2 text-sm font-bold text-secondary-foreground" data-testid="table-call">
                  <span className="flex items-center gap-2">
                    <BellRing aria-hidden="true" className="size-4" /> {tableCallText(c.name, c.call)}
                  </span>
                  <Button variant="ghost" size="sm" onClick={() => onAttend(table.id)}>Atendido</Button>
                </div>
              ))}
              {table.orders.length > 0 ? (
                <ul className="flex flex-wrap gap-2" aria-label={`Pedidos de ${table.name}`}>
                  {table.orders.map((order) => (
                    <li key={order.id}>
                      <Button variant="secondary" size="sm" onClick={() => onOpen(order)}>
                        #{order.number} · {formatQ(order.total)}
                      </Button>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      </CardContent>
      <BillDialog table={billOf} onClose={() => setBillOf(null)} onClosed={onAttend} />
    </Card>
  )
}

const billQuery = (id: number) => apiQuery(api.tables({ id }).bill, (n) => n.get())

/** The table's bill: its orders since it was last closed, their lines and the total; print it, close the table. */
function BillDialog({ table, onClose, onClosed }: { table: { id: number; name: string } | null; onClose: () => void; onClosed: (tableId: number) => void }) {
  const queryClient = useQueryClient()
  const [confirming, setConfirming] = useState(false)
  const bill = useQuery({ ...billQuery(table?.id ?? 0), enabled: table !== null })
  const close = useMutation({
    mutationFn: (id: number) => call(api.tables({ id }).close.post()),
    onSuccess: async (closed) => {
      setConfirming(false)
      onClosed(closed.table.id)
      toast({ title: `${closed.table.name} cerrada`, description: `Cuenta de ${formatQ(closed.total)}: la siguiente empieza en cero` })
      onClose()
      await Promise.all([queryClient.invalidateQueries({ queryKey: ORDERS_KEY }), queryClient.invalidateQueries({ queryKey: keyOf(api.tables) })])
    },
    onError: (error) => toast({ title: 'Error', description: serverMessage(error, 'No se pudo cerrar la mesa'), variant: 'destructive' }),
  })
  return (
    <Dialog open={table !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90svh] overflow-y-auto" data-testid="table-bill">
        <DialogHeader>
          <DialogTitle>{table ? `Cuenta de ${table.name}` : 'Cuenta'}</DialogTitle>
          <DialogDescription>Sus pedidos desde la última vez que se cerró la mesa.</DialogDescription>
        </DialogHeader>
        {bill.isPending ? (
          <Loading />
        ) : bill.isError ? (
          <QueryError title="No se pudo leer la cuenta" error={bill.error} onRetry={() => void bill.refetch()} />
        ) : (
          <div className="grid gap-3">
            {bill.data.orders.length === 0 ? <p className="text-muted-foreground">Sin pedidos en esta cuenta.</p> : null}
            {bill.data.orders.map((order) => (
              <section key={order.id} className="grid gap-1 border-b border-border pb-2">
                <p className="font-bold">Pedido #{order.number}</p>
                <ul className="grid gap-0.5 text-sm">
                  {order.items.map((line, i) => (
                    <li key={i} className="flex justify-between gap-2">
                      <span>{`${line.quantity} x ${line.name}`}</span>
                      <span className="shrink-0">{formatQ(line.lineTotal)}</span>
                    </li>
                  ))}
                </ul>
                <p className="flex justify-between text-sm font-semibold">
                  <span>Total del pedido</span>
                  <span>{formatQ(order.total)}</span>
                </p>
              </section>
            ))}
            <p className="flex justify-between text-lg font-bold" data-testid="table-bill-total">
              <span>Total</span>
              <span>{formatQ(bill.data.total)}</span>
            </p>
          </div>
        )}
        <DialogFooter className="gap-2">
          <Button variant="outline" disabled={!table || !bill.isSuccess} onClick={() => table && printBill(table.id)}>
            <Printer aria-hidden="true" /> Imprimir cuenta
          </Button>
          <Button disabled={!table || !bill.isSuccess || close.isPending} onClick={() => setConfirming(true)} data-testid="close-table">
            Cerrar mesa
          </Button>
        </DialogFooter>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={table ? `¿Cerrar ${table.name}?` : '¿Cerrar la mesa?'}
          description="Sus pedidos abiertos quedan entregados y la siguiente cuenta empieza en cero."
          confirmLabel="Cerrar mesa"
          destructive={false}
          busy={close.isPending}
          onConfirm={() => table && close.mutate(table.id)}
        />
      </DialogContent>
    </Dialog>
  )
}
