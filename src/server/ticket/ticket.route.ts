/**
 * GET /admin/pedidos/:id/ticket (signed in, any account: the kitchen prints): the kitchen
 * ticket as its own page, laid out for the paper set in Configuración ('Ancho del ticket',
 * 58 or 80 mm). Outside /api, so the access guard does not see it: the session is checked
 * here, and a signed-out visitor is sent to /login. The board prints it through a hidden
 * same-origin frame, so this page (only) may be framed by the site itself.
 */
import { Elysia } from 'elysia'
import { BILL_TICKET_ROUTE, TICKET_ROUTE } from '../../shared/admin-routes'
import { tableBill } from '../dining-tables/dining-tables.repo.server'
import { DEFAULT_TICKET_WIDTH, TICKET_WIDTH_KEY, isTicketWidth } from '../../shared/schemas'
import { trackingUrl } from '../../shared/tracking'
import { type SessionService, sessionToken } from '../auth/sessions.server'
import type { AppContext } from '../context.server'
import { clientOf } from '../http/client.server'
import { CONTENT_SECURITY_POLICY, PAGE_HEADERS } from '../http/security-headers.server'
import { getOrder } from '../orders/orders.repo.server'
import { getSetting } from '../settings/settings.repo.server'
import { getStoreProfile } from '../store-profile/store-profile.repo.server'

const HEADERS = {
  ...PAGE_HEADERS,
  'content-security-policy': CONTENT_SECURITY_POLICY.replace("frame-ancestors 'none'", "frame-ancestors 'self'"),
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
  'content-type': 'text/html; charset=utf-8',
}

export const ticketRoutes = (ctx: AppContext, sessions: SessionService) =>
  new Elysia({ name: 'ticket' }).get(TICKET_ROUTE, async ({ params, request }) => {
    if (!(await sessions.resolve(sessionToken(request)))) return new Response(null, { status: 303, headers: { location: '/login', 'cache-control': 'no-store' } })
    const { renderTicket, renderTicketNotFound } = await import('./ticket-page.server')
    const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : null
    const order = id === null ? null : await getOrder(ctx.db, id)
    if (!order) return new Response(renderTicketNotFound(), { status: 404, headers: HEADERS })
    const stored = (await getSetting(ctx.db, TICKET_WIDTH_KEY))?.value
    const width = isTicketWidth(stored) ? stored : DEFAULT_TICKET_WIDTH
    const link = order.trackingToken ? trackingUrl(clientOf(request, ctx.config.trustProxy).origin, order.trackingToken) : null
    const profile = await getStoreProfile(ctx.db)
    // A pickup order says where (the bag's ticket is what the customer sees at the counter).
    // Served at its table (issue #45): where to pick it up says nothing to the waiter.
    const pickupLines = order.fulfilment !== 'delivery' && order.fulfilment !== 'mesa' && profile.address ? [`Recoger en: ${profile.address}`, ...(profile.mapUrl ? [profile.mapUrl] : [])] : []
    return new Response(renderTicket(order, width, link, { name: profile.name, pickupLines }), { headers: HEADERS })
  })
  // A table's bill (issue #45), printed from the board's bill dialog the same way.
  .get(BILL_TICKET_ROUTE, async ({ params, request }) => {
    if (!(await sessions.resolve(sessionToken(request)))) return new Response(null, { status: 303, headers: { location: '/login', 'cache-control': 'no-store' } })
    const id = /^\d{1,9}$/.test(params.id) ? Number(params.id) : null
    const bill = id === null ? null : await tableBill(ctx.db, id)
    const { renderTicketNotFound } = await import('./ticket-page.server')
    if (!bill) return new Response(renderTicketNotFound(), { status: 404, headers: HEADERS })
    const { renderBillTicket } = await import('./bill-ticket.server')
    const stored = (await getSetting(ctx.db, TICKET_WIDTH_KEY))?.value
    return new Response(renderBillTicket(bill, isTicketWidth(stored) ? stored : DEFAULT_TICKET_WIDTH, new Date(), (await getStoreProfile(ctx.db)).name), { headers: HEADERS })
  })
