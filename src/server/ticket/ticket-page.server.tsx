/**
 * The kitchen ticket (decision 023): one order laid out for a 58 or 80 mm thermal printer,
 * rendered by the server as a page of its own (no script, styles inline). Read at arm's length
 * in a hot kitchen: black on white, the number as large as the paper allows, what to leave out
 * in capitals ('SIN'), what to add with a '+', the sauce's 'aparte', notes boxed apart.
 */
import { renderToString } from 'react-dom/server'
import { renderSVG } from 'uqr'
import { SIZE_LABELS } from '../../shared/cart'
import { formatQ } from '../../shared/money'
import { scheduledLabel } from '../../shared/order-slots'
import { customerText, fulfilmentText, paymentText } from '../../shared/order-display'
import { formatPhone } from '../../shared/phone'
import type { Order, OrderLine, TicketWidth } from '../../shared/schemas'
import { clockTime } from '../../shared/tracking'
import { RESTAURANT_NAME } from '../../web/store/restaurant'

/** The printable width of each paper (mm): the paper minus the printer's unprintable margins. */
const PRINTABLE_MM: Record<TicketWidth, number> = { '58': 48, '80': 72 }

/**
 * The page's height: a thermal printer's paper is a roll, but a browser prints pages, and CSS
 * has no "as long as the content" page (`size: 80mm auto` is invalid and falls back to Letter).
 * So the height is the content's, estimated from its lines (each wrapped at the characters a
 * line of this paper holds), a little generous: a few blank millimetres at the end, never a
 * ticket split over two pages.
 */
export function ticketHeightMm(order: Order, width: TicketWidth, withQr: boolean): number {
  const narrow = width === '58'
  // Monospace: a character is 0.6 em wide; a line is 1.25 em high (the CSS below).
  const em = ((narrow ? 12 : 14) / 96) * 25.4
  const perLine = (scale: number) => Math.floor(PRINTABLE_MM[width] / (0.6 * em * scale))
  const height = (text: string, scale = 1) => Math.max(1, Math.ceil(text.length / perLine(scale))) * 1.25 * em * scale
  let mm = 9 + (narrow ? 30 : 40) * (25.4 / 96) + 2 // padding, the number, its margin
  mm += height(RESTAURANT_NAME) + height('00:00 · lun, 00 sep', 1.25) + 4 * 4.5 // brand, time, four rules
  if (order.scheduledFor) mm += height('PARA: MAÑANA 00:00', 1.25)
  mm += height(`A DOMICILIO · ${order.zoneName ?? ''}`, 1.25)
  if (order.address) mm += height(`Dirección: ${order.address}`)
  if (order.addressReference) mm += height(`Referencia: ${order.addressReference}`)
  mm += height(`Cliente: ${customerText(order)} · +502 0000 0000`)
  for (const line of order.items) {
    mm += height(`${line.quantity} x ${line.name} (Mediano) Q0000`)
    const c = line.customization
    if (c?.sauce) mm += height(`    Salsa: ${c.sauce.name} (aparte)`)
    for (const r of c?.removed ?? []) mm += height(`    SIN ${r.name}`)
    for (const e of c?.extras ?? []) mm += height(`    + ${e.name}`)
    if (line.notes) mm += height(`    Nota: ${line.notes}`)
  }
  if (order.notes) mm += 9 + height('NOTAS:') + height(`  ${order.notes}`)
  mm += (order.deliveryFee > 0 ? 2 : 0) * height('Subtotal Q0000') + height('TOTAL Q0000', 1.3)
  mm += height(`Pago: ${paymentText(order) ?? ''}`)
  if (withQr) mm += (narrow ? 28 : 34) + 4 + height('Sigue tu pedido')
  return Math.ceil(mm * 1.1 + 5) // a little generous: blank millimetres, never a second page
}

const css = (width: TicketWidth, heightMm: number) => `
@page { size: ${width}mm ${heightMm}mm; margin: 0; }
* { box-sizing: border-box; }
html, body { margin: 0; padding: 0; background: #fff; color: #000; }
body { width: ${width}mm; padding: 3mm ${(Number(width) - PRINTABLE_MM[width]) / 2}mm 6mm; font: ${width === '58' ? 12 : 14}px/1.25 ui-monospace, "DejaVu Sans Mono", "Liberation Mono", monospace; }
h1 { font-size: ${width === '58' ? 30 : 40}px; line-height: 1; margin: 1mm 0; text-align: center; }
.center { text-align: center; }
.brand { text-align: center; font-weight: 700; letter-spacing: .05em; }
.big { font-size: 1.25em; font-weight: 700; }
.rule { border-top: 1px dashed #000; margin: 2mm 0; }
.line { display: flex; justify-content: space-between; gap: 2mm; font-weight: 700; }
.detail { padding-left: 4mm; }
.strong { font-weight: 700; }
.notes { border: 2px solid #000; padding: 1.5mm; margin: 2mm 0; font-weight: 700; }
.totals div { display: flex; justify-content: space-between; }
.total { font-size: 1.3em; font-weight: 700; }
.qr { display: block; margin: 3mm auto 1mm; width: ${width === '58' ? 28 : 34}mm; height: auto; }
p { margin: .5mm 0; }
`

const dateTime = new Intl.DateTimeFormat('es-GT', { timeZone: 'America/Guatemala', weekday: 'short', day: 'numeric', month: 'short' })

function Line({ line }: { line: OrderLine }) {
  const c = line.customization
  return (
    <div className="item">
      <div className="line">
        <span>
          {line.quantity} x {line.name}
          {line.size ? ` (${SIZE_LABELS[line.size]})` : ''}
        </span>
        <span>{formatQ(line.lineTotal)}</span>
      </div>
      {c?.sauce ? <p className="detail">Salsa: {c.sauce.name}{c.sauceOnSide ? ' (aparte)' : ''}</p> : null}
      {c?.removed.map((r) => (
        <p key={`sin-${r.id}`} className="detail strong">SIN {r.name}</p>
      ))}
      {c?.extras.map((e) => (
        <p key={`extra-${e.id}`} className="detail">+ {e.name}</p>
      ))}
      {line.notes ? <p className="detail">Nota: {line.notes}</p> : null}
    </div>
  )
}

function Ticket({ order, width, trackingLink }: { order: Order; width: TicketWidth; trackingLink: string | null }) {
  const payment = paymentText(order)
  return (
    <html lang="es">
      <head>
        <meta charSet="utf-8" />
        <title>{`Ticket · Pedido #${order.number}`}</title>
        <meta name="robots" content="noindex, nofollow" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <style dangerouslySetInnerHTML={{ __html: css(width, ticketHeightMm(order, width, trackingLink !== null)) }} />
      </head>
      <body data-width={width}>
        <p className="brand">{RESTAURANT_NAME.toUpperCase()}</p>
        <h1>#{order.number}</h1>
        <p className="center big">
          {clockTime(order.createdAt)} · {dateTime.format(new Date(order.createdAt))}
        </p>
        {order.scheduledFor ? <p className="center big">PARA: {scheduledLabel(order.scheduledFor, new Date(order.createdAt)).toUpperCase()}</p> : null}
        <div className="rule" />
        <p className="big">{order.fulfilment === 'delivery' ? `A DOMICILIO · ${order.zoneName ?? ''}` : order.fulfilment === 'pickup' ? 'PARA RECOGER' : fulfilmentText(order).toUpperCase()}</p>
        {order.address ? <p>Dirección: {order.address}</p> : null}
        {order.addressReference ? <p>Referencia: {order.addressReference}</p> : null}
        <p>
          Cliente: {customerText(order)}
          {order.customerPhone ? ` · ${formatPhone(order.customerPhone)}` : ''}
        </p>
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
          {order.deliveryFee > 0 ? (
            <>
              <div>
                <span>Subtotal</span>
                <span>{formatQ(order.subtotal)}</span>
              </div>
              <div>
                <span>Envío</span>
                <span>{formatQ(order.deliveryFee)}</span>
              </div>
            </>
          ) : null}
          <div className="total">
            <span>TOTAL</span>
            <span>{formatQ(order.total)}</span>
          </div>
        </div>
        {payment ? <p>Pago: {payment}</p> : null}
        {trackingLink ? (
          <>
            <img className="qr" alt="Código QR del seguimiento del pedido" src={`data:image/svg+xml;base64,${Buffer.from(renderSVG(trackingLink, { border: 1 })).toString('base64')}`} />
            <p className="center">Sigue tu pedido</p>
          </>
        ) : null}
      </body>
    </html>
  )
}

export const renderTicket = (order: Order, width: TicketWidth, trackingLink: string | null): string =>
  `<!DOCTYPE html>${renderToString(<Ticket order={order} width={width} trackingLink={trackingLink} />)}`

/** The ticket's answer for an order that does not exist (or an id that is not one). */
export const renderTicketNotFound = (): string =>
  `<!DOCTYPE html>${renderToString(
    <html lang="es">
      <head>
        <meta charSet="utf-8" />
        <title>Pedido no encontrado</title>
      </head>
      <body>
        <p>Pedido no encontrado</p>
      </body>
    </html>,
  )}`
