/**
 * The kitchen ticket's layout on thermal paper: its CSS, and the page length that CSS leads to.
 *
 * A thermal printer's paper is a roll, but a browser prints pages, and CSS has no "as long as
 * the content" page: `size: 80mm auto` is invalid, and Chromium then prints on Letter (checked
 * with page.pdf({ preferCSSPageSize: true })). So the page is `<width>mm <height>mm`, the height
 * worked out here from the same numbers the CSS uses: each block's lines, word-wrapped in a
 * monospace font (every character the same width, so a line holds a known number of them),
 * margins collapsed as the browser does. A few millimetres are added for what the model does not
 * see (rounding, a different monospace font on the kiosk): a little blank paper at the end, never
 * a ticket split over two pages (e2e/ticket.test.ts prints short and long orders on both papers).
 */
import { customerText, paymentText } from '../../shared/order-display'
import { formatQ } from '../../shared/money'
import type { Order, TicketWidth } from '../../shared/schemas'
import { DEFAULT_NAME } from '../../shared/store-profile'
import { deliveryHeading, discountLabel, lineDetails, lineTitle, modifiedNotice, orderTime, scheduledLine } from './ticket-text.server'

type Paper = {
  /** What the printer reaches: the paper minus its unprintable edges. */
  printableMm: number
  /** The body text: about 25 characters a line on 58 mm, 32 on 80 mm (a receipt's own font is smaller). */
  fontPx: number
  /** The order's number, the biggest thing on the ticket. */
  numberPx: number
  /** The QR code's side: a phone camera reads it from a hand's length. */
  qrMm: number
}

export const PAPERS: Record<TicketWidth, Paper> = {
  '58': { printableMm: 48, fontPx: 12, numberPx: 30, qrMm: 28 },
  '80': { printableMm: 72, fontPx: 14, numberPx: 40, qrMm: 34 },
}

const MM_PER_PX = 25.4 / 96
/** A monospace character's advance (DejaVu Sans Mono 0.602 em, Liberation Mono 0.6 em). */
const CHAR_EM = 0.602
const LINE_HEIGHT = 1.25
const BIG = 1.25 // time, delivery
const ITEM = 1.1 // a plate's first line: what the cook reads first
const TOTAL = 1.3
const BRAND_SPACING_EM = 0.05
const PAD_TOP_MM = 3
const PAD_BOTTOM_MM = 6
const P_MARGIN_MM = 0.5
const H1_MARGIN_MM = 1
const RULE_MARGIN_MM = 2
const ITEM_GAP_MM = 1.5
const INDENT_MM = 4
const PRICE_GAP_MM = 2
const NOTES_MARGIN_MM = 2
const NOTES_PADDING_MM = 1.5
const NOTES_BORDER_PX = 2
const QR_MARGIN_TOP_MM = 3
const QR_MARGIN_BOTTOM_MM = 1
const MODIFIED = 1.3 // 'MODIFICADO 12:10'
const MODIFIED_MARGIN_MM = 2
const MODIFIED_PADDING_MM = 1.5
const MODIFIED_BORDER_PX = 3
/** For what the model does not see; see the module's comment. */
const SLACK_MM = 5

export function ticketCss(width: TicketWidth, heightMm: number): string {
  const paper = PAPERS[width]
  return `
@page { size: ${width}mm ${heightMm}mm; margin: 0; }
* { box-sizing: border-box; }
html, body { margin: 0; padding: 0; background: #fff; color: #000; }
body { width: ${width}mm; padding: ${PAD_TOP_MM}mm ${(Number(width) - paper.printableMm) / 2}mm ${PAD_BOTTOM_MM}mm; font: ${paper.fontPx}px/${LINE_HEIGHT} ui-monospace, "DejaVu Sans Mono", "Liberation Mono", monospace; overflow-wrap: anywhere; }
h1 { font-size: ${paper.numberPx}px; line-height: 1; margin: ${H1_MARGIN_MM}mm 0; text-align: center; }
h1 small { font-size: .5em; }
p { margin: ${P_MARGIN_MM}mm 0; }
.center { text-align: center; }
.brand { text-align: center; font-weight: 700; letter-spacing: ${BRAND_SPACING_EM}em; }
.big { font-size: ${BIG}em; font-weight: 700; }
.rule { border-top: 1px dashed #000; margin: ${RULE_MARGIN_MM}mm 0; }
.line { display: flex; justify-content: space-between; gap: ${PRICE_GAP_MM}mm; font-weight: 700; font-size: ${ITEM}em; }
.line > :last-child { flex: none; } /* the price never wraps: the name does */
.item + .item { margin-top: ${ITEM_GAP_MM}mm; }
.detail { padding-left: ${INDENT_MM}mm; }
.strong { font-weight: 700; }
.modified { border: ${MODIFIED_BORDER_PX}px solid #000; padding: ${MODIFIED_PADDING_MM}mm; margin: ${MODIFIED_MARGIN_MM}mm 0; text-align: center; }
.modified-heading { font-size: ${MODIFIED}em; font-weight: 700; }
.notes { border: ${NOTES_BORDER_PX}px solid #000; padding: ${NOTES_PADDING_MM}mm; margin: ${NOTES_MARGIN_MM}mm 0; font-weight: 700; white-space: pre-line; }
.totals div { display: flex; justify-content: space-between; gap: ${PRICE_GAP_MM}mm; }
.totals div > :last-child { flex: none; } /* '-Q20' never breaks after its minus */
.total { font-size: ${TOTAL}em; font-weight: 700; }
.qr svg { display: block; margin: ${QR_MARGIN_TOP_MM}mm auto ${QR_MARGIN_BOTTOM_MM}mm; width: ${paper.qrMm}mm; height: ${paper.qrMm}mm; shape-rendering: crispEdges; }
`
}

/**
 * How many lines `text` takes where a line holds `perLine` characters: breaks after spaces and
 * hyphens as the browser's, a word longer than a line broken anywhere (overflow-wrap above), and
 * each newline starting a line (the notes keep the customer's line breaks).
 */
export function wrappedLines(text: string, perLine: number): number {
  let lines = 0
  for (const paragraph of text.split('\n')) {
    lines += 1
    let used = 0
    for (const token of paragraph.split(/(?<=[\s-])/)) {
      const word = token.trimEnd().length // a space at the end of a line hangs past it
      if (used > 0 && used + word > perLine) {
        lines += 1
        used = 0
      }
      if (word > perLine) {
        const more = Math.ceil(word / perLine) - 1
        lines += more
        used = word - more * perLine + (token.length - word)
      } else used += token.length
    }
  }
  return lines
}

/**
 * Who prints the ticket ('Tu restaurante'): the name at the top and, for a pickup order, where
 * to pick it up (the lines 'Recoger en: …' and the map link, ticketPickupLines).
 */
export type TicketBrand = { name: string; pickupLines: string[] }
export const DEFAULT_TICKET_BRAND: TicketBrand = { name: DEFAULT_NAME, pickupLines: [] }

/** The page's height in whole millimetres for `order` on `width` paper. */
/**
 * What the bill's page length is reckoned with (bill-ticket.server.tsx): the characters of a line
 * at the plates' size, and the height of a line at the total's size (the largest), in mm.
 */
export function billLineMetrics(width: TicketWidth): { perLine: number; lineMm: number } {
  const paper = PAPERS[width]
  const fontMm = paper.fontPx * MM_PER_PX
  return { perLine: Math.max(1, Math.floor(paper.printableMm / (CHAR_EM * fontMm * ITEM))), lineMm: fontMm * LINE_HEIGHT * TOTAL }
}

export function ticketHeightMm(order: Order, width: TicketWidth, withQr: boolean, brand: TicketBrand = DEFAULT_TICKET_BRAND): number {
  const paper = PAPERS[width]
  const fontMm = paper.fontPx * MM_PER_PX
  /** A block of text: its lines at `scale` (font size in ems) within `widthMm`, times the line height. */
  const text = (value: string, scale = 1, widthMm = paper.printableMm, charEm = CHAR_EM) =>
    wrappedLines(value, Math.max(1, Math.floor(widthMm / (charEm * fontMm * scale)))) * LINE_HEIGHT * fontMm * scale

  // Blocks top to bottom; vertical margins between two blocks collapse to the larger one.
  let mm = PAD_TOP_MM
  let margin = 0
  const block = (height: number, top: number, bottom = top) => {
    mm += Math.max(margin, top) + height
    margin = bottom
  }

  block(text(brand.name.toUpperCase(), 1, paper.printableMm, CHAR_EM + BRAND_SPACING_EM), P_MARGIN_MM)
  const modified = modifiedNotice(order)
  if (modified) {
    // Inside a bordered, padded box its paragraphs' margins stay inside: three half-millimetre gaps.
    const frame = 2 * (MODIFIED_PADDING_MM + MODIFIED_BORDER_PX * MM_PER_PX)
    const inside = paper.printableMm - frame
    block(frame + 3 * P_MARGIN_MM + text(modified.heading, MODIFIED, inside) + text(modified.summary, 1, inside), MODIFIED_MARGIN_MM)
  }
  block(paper.numberPx * MM_PER_PX, H1_MARGIN_MM)
  block(text(orderTime(order), BIG), P_MARGIN_MM)
  const scheduled = scheduledLine(order)
  if (scheduled) block(text(scheduled, BIG), P_MARGIN_MM)
  block(MM_PER_PX, RULE_MARGIN_MM) // a 1 px dashed rule
  block(text(deliveryHeading(order), BIG), P_MARGIN_MM)
  for (const line of brand.pickupLines) block(text(line), P_MARGIN_MM)
  if (order.address) block(text(`Dirección: ${order.address}`), P_MARGIN_MM)
  if (order.addressReference) block(text(`Referencia: ${order.addressReference}`), P_MARGIN_MM)
  block(text(`Cliente: ${customerText(order)}`), P_MARGIN_MM)
  if (order.customerPhone) block(text('Tel: +502 0000 0000'), P_MARGIN_MM)
  block(MM_PER_PX, RULE_MARGIN_MM) // a 1 px dashed rule
  order.items.forEach((line, i) => {
    // The price keeps its width on the right; the name wraps in what is left.
    const priceMm = formatQ(line.lineTotal).length * CHAR_EM * fontMm * ITEM
    block(text(lineTitle(line), ITEM, paper.printableMm - PRICE_GAP_MM - priceMm), i === 0 ? 0 : ITEM_GAP_MM, 0)
    for (const detail of lineDetails(line)) block(text(detail.text, 1, paper.printableMm - INDENT_MM), P_MARGIN_MM)
  })
  if (order.notes) {
    const inside = paper.printableMm - 2 * (NOTES_PADDING_MM + NOTES_BORDER_PX * MM_PER_PX)
    block(text(`NOTAS:\n${order.notes}`, 1, inside) + 2 * (NOTES_PADDING_MM + NOTES_BORDER_PX * MM_PER_PX), NOTES_MARGIN_MM)
  }
  block(MM_PER_PX, RULE_MARGIN_MM) // a 1 px dashed rule
  if (order.deliveryFee > 0 || order.discounts.length > 0) block(text('Subtotal'), 0, 0)
  if (order.deliveryFee > 0) block(text('Envío'), 0, 0)
  for (const discount of order.discounts) {
    // The amount keeps its width on the right; a long promotion's name wraps in what is left.
    const amountMm = (formatQ(discount.amount).length + 1) * CHAR_EM * fontMm
    block(text(discountLabel(discount), 1, paper.printableMm - PRICE_GAP_MM - amountMm), 0, 0)
  }
  block(text('TOTAL', TOTAL), 0, 0)
  const payment = paymentText(order)
  if (payment) block(text(`Pago: ${payment}`), P_MARGIN_MM)
  if (withQr) {
    block(paper.qrMm, QR_MARGIN_TOP_MM, QR_MARGIN_BOTTOM_MM)
    block(text('Sigue tu pedido'), P_MARGIN_MM)
  }
  mm += margin + PAD_BOTTOM_MM
  return Math.ceil(mm + SLACK_MM)
}
