/**
 * A table's bill as a ticket (issue #45): what 'Pedir la cuenta' brings to the table, printed by
 * the board like a kitchen ticket (decision 023) on the paper set in Configuración. Each order of
 * the bill with its lines, then the total. Same CSS as the kitchen ticket (ticket-layout.server.ts).
 */
import { renderToString } from 'react-dom/server'
import { formatQ } from '../../shared/money'
import type { TicketWidth } from '../../shared/schemas'
import type { TableBill } from '../../shared/schemas/dining-table'
import { clockTime } from '../../shared/tracking'
import { billLineMetrics, ticketCss, wrappedLines } from './ticket-layout.server'
import { lineTitle } from './ticket-text.server'

/** A generous page length: each printed line (wrapped to the paper) plus the margins; thermal paper is cut after the text anyway. */
export function billHeightMm(bill: TableBill, width: TicketWidth): number {
  const { perLine, lineMm } = billLineMetrics(width)
  let lines = 8 // brand, 'CUENTA', the table, the time, the rules, the total
  for (const order of bill.orders) {
    lines += 2
    for (const line of order.items) lines += wrappedLines(`${lineTitle(line)} ${formatQ(line.lineTotal)}`, perLine)
  }
  return Math.ceil(lines * lineMm + 20)
}

function BillTicket({ bill, width, printedAt, brand }: { bill: TableBill; width: TicketWidth; printedAt: Date; brand: string }) {
  return (
    <html lang="es">
      <head>
        <meta charSet="utf-8" />
        <title>{`Cuenta · ${bill.table.name}`}</title>
        <meta name="robots" content="noindex, nofollow" />
        <style dangerouslySetInnerHTML={{ __html: ticketCss(width, billHeightMm(bill, width)) }} />
      </head>
      <body data-width={width}>
        <p className="brand">{brand.toUpperCase()}</p>
        <h1>
          <small>Cuenta</small> {bill.table.name}
        </h1>
        <p className="center big">{clockTime(printedAt.toISOString())}</p>
        <div className="rule" />
        {bill.orders.length === 0 ? <p className="center">Sin pedidos</p> : null}
        {bill.orders.map((order) => (
          <div key={order.id} className="item">
            <p className="strong">{`Pedido #${order.number}`}</p>
            {order.items.map((line, i) => (
              <div key={i} className="line">
                <span>{lineTitle(line)}</span>
                <span>{formatQ(line.lineTotal)}</span>
              </div>
            ))}
            <div className="totals">
              <div>
                <span>Subtotal del pedido</span>
                <span>{formatQ(order.total)}</span>
              </div>
            </div>
          </div>
        ))}
        <div className="rule" />
        <div className="totals">
          <div className="total">
            <span>TOTAL</span>
            <span>{formatQ(bill.total)}</span>
          </div>
        </div>
        <p className="center">¡Gracias por su visita!</p>
      </body>
    </html>
  )
}

/** `brand`: the restaurant's name ('Tu restaurante'), at the top as on the kitchen ticket. */
export const renderBillTicket = (bill: TableBill, width: TicketWidth, printedAt: Date, brand: string): string =>
  `<!DOCTYPE html>${renderToString(<BillTicket bill={bill} width={width} printedAt={printedAt} brand={brand} />)}`
