/**
 * The kitchen ticket (decision 023): one order laid out for a 58 or 80 mm thermal printer,
 * rendered by the server as a page of its own (no script, styles inline). Read at arm's length
 * in a hot kitchen: black on white, the number as large as the paper allows, what to leave out
 * in capitals ('SIN'), what to add with a '+', the sauce's 'aparte', notes boxed apart.
 * Its words: ticket-text.server.ts; its CSS and page length: ticket-layout.server.ts.
 */
import { renderToString } from 'react-dom/server'
import { renderSVG } from 'uqr'
import { formatQ } from '../../shared/money'
import { customerText, paymentText } from '../../shared/order-display'
import { formatPhone } from '../../shared/phone'
import type { Order, OrderLine, TicketWidth } from '../../shared/schemas'
import { type TicketBrand, ticketCss, ticketHeightMm } from './ticket-layout.server'
import { deliveryHeading, discountLabel, lineDetails, lineTitle, modifiedNotice, orderTime, scheduledLine } from './ticket-text.server'

function Line({ line }: { line: OrderLine }) {
  return (
    <div className="item">
      <div className="line">
        <span>{lineTitle(line)}</span>
        <span>{formatQ(line.lineTotal)}</span>
      </div>
      {lineDetails(line).map((detail) => (
        <p key={detail.key} className={detail.strong ? 'detail strong' : 'detail'}>
          {detail.text}
        </p>
      ))}
    </div>
  )
}

function Ticket({ order, width, trackingLink, brand }: { order: Order; width: TicketWidth; trackingLink: string | null; brand: TicketBrand }) {
  const payment = paymentText(order)
  const scheduled = scheduledLine(order)
  const modified = modifiedNotice(order)
  return (
    <html lang="es">
      <head>
        <meta charSet="utf-8" />
        <title>{`Ticket · Pedido #${order.number}`}</title>
        <meta name="robots" content="noindex, nofollow" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <style dangerouslySetInnerHTML={{ __html: ticketCss(width, ticketHeightMm(order, width, trackingLink !== null, brand)) }} />
      </head>
      <body data-width={width}>
        <p className="brand">{brand.name.toUpperCase()}</p>
        {/* Printed again after a change (issue #34): first thing on the paper, boxed, so it is not taken for the first ticket. */}
        {modified ? (
          <div className="modified">
            <p className="modified-heading">{modified.heading}</p>
            <p>{modified.summary}</p>
          </div>
        ) : null}
        {/* 'Pedido' small beside the number: on 58 mm paper the number alone gets the width. */}
        <h1>
          <small>Pedido</small> {`#${order.number}`}
        </h1>
        <p className="center big">{orderTime(order)}</p>
        {scheduled ? <p className="center big">{scheduled}</p> : null}
        <div className="rule" />
        <p className="big">{deliveryHeading(order)}</p>
        {brand.pickupLines.map((line) => (
          <p key={line} className="pickup">
            {line}
          </p>
        ))}
        {order.address ? <p>{`Dirección: ${order.address}`}</p> : null}
        {order.addressReference ? <p>{`Referencia: ${order.addressReference}`}</p> : null}
        <p>{`Cliente: ${customerText(order)}`}</p>
        {order.customerPhone ? <p>{`Tel: ${formatPhone(order.customerPhone)}`}</p> : null}
        <div className="rule" />
        {order.items.map((line, i) => (
          <Line key={i} line={line} />
        ))}
        {order.notes ? (
          <div className="notes">
            NOTAS:
            <br />
            {order.notes}
          </div>
        ) : null}
        <div className="rule" />
        <div className="totals">
          {order.deliveryFee > 0 || order.discounts.length > 0 ? (
            <div>
              <span>Subtotal</span>
              <span>{formatQ(order.subtotal)}</span>
            </div>
          ) : null}
          {order.deliveryFee > 0 ? (
            <div>
              <span>Envío</span>
              <span>{formatQ(order.deliveryFee)}</span>
            </div>
          ) : null}
          {order.discounts.map((discount, i) => (
            <div key={i}>
              <span>{discountLabel(discount)}</span>
              <span>{`-${formatQ(discount.amount)}`}</span>
            </div>
          ))}
          <div className="total">
            <span>TOTAL</span>
            <span>{formatQ(order.total)}</span>
          </div>
        </div>
        {payment ? <p className="strong">{`Pago: ${payment}`}</p> : null}
        {trackingLink ? (
          <>
            {/* Inline SVG: sharp at any printer's resolution, and nothing for the page to load. */}
            <div className="qr" role="img" aria-label="Código QR del seguimiento del pedido" dangerouslySetInnerHTML={{ __html: renderSVG(trackingLink, { border: 1 }) }} />
            <p className="center">Sigue tu pedido</p>
          </>
        ) : null}
      </body>
    </html>
  )
}

export const renderTicket = (order: Order, width: TicketWidth, trackingLink: string | null, brand: TicketBrand): string =>
  `<!DOCTYPE html>${renderToString(<Ticket order={order} width={width} trackingLink={trackingLink} brand={brand} />)}`

/** The ticket's answer for an order that does not exist (or an id that is not one). */
export const renderTicketNotFound = (): string =>
  `<!DOCTYPE html>${renderToString(
    <html lang="es">
      <head>
        <meta charSet="utf-8" />
        <title>Pedido no encontrado</title>
      </head>
      <body style={{ font: '16px/1.4 system-ui, sans-serif', margin: '2rem' }}>
        <h1>Pedido no encontrado</h1>
        <p>
          <a href="/admin/pedidos">Volver a Pedidos</a>
        </p>
      </body>
    </html>,
  )}`
