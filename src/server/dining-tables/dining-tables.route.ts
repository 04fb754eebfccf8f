import { Elysia } from 'elysia'
import { z } from 'zod'
import { TABLE_CALL_LABELS, TABLE_REFUSED } from '../../shared/dining-table'
import { idParam } from '../../shared/schemas'
import { deletedSchema, messageSchema } from '../../shared/schemas/responses'
import { diningTableInputSchema, diningTableSchema, tableBillSchema, tableCallInputSchema, tableTokenParam, tableVisitSchema } from '../../shared/schemas/dining-table'
import { principalName, principalOf } from '../access/principal.server'
import { AttemptLimiter } from '../auth/throttle.server'
import type { AppContext } from '../context.server'
import { clientOf } from '../http/client.server'
import { HttpError, notFound, tooManyAttempts } from '../http/errors.server'
import { routeContract } from '../http/route-contract.server'
import type { OrderEvents } from '../orders/order-events.server'
import { closeTable, createTable, deleteTable, listTables, renewToken, tableBill, tableByToken, updateTable } from './dining-tables.repo.server'

const tags = ['Mesas']
const NOT_FOUND = 'Mesa no encontrada'

/** Calls one table may make: 3 'Llamar al mesero' and 3 'Pedir la cuenta' per 5 minutes; a client address: 6 in all. */
export const CALL_LIMIT_PER_TABLE = 3
export const CALL_LIMIT_PER_ADDRESS = 6
export const CALL_WINDOW_MS = 5 * 60 * 1000

/** The 409 of a refused table token (unknown, renewed or inactive): the storefront forgets the table. */
export const tableRefused = () => new HttpError(409, TABLE_REFUSED)

/**
 * Eating at the table (issue #45, decision 044):
 *  - GET /api/tables (staff), POST/PUT/DELETE and POST /{id}/token (admin): the tables and their
 *    QR tokens; a write empties the page cache (a table's page is cached under its token).
 *  - GET /api/tables/visit/{token} (public): the table a QR names while it takes orders, else 409.
 *  - POST /api/tables/calls (public): the diner's 'Llamar al mesero' / 'Pedir la cuenta', an event
 *    on the board's stream, limited per table and per client address.
 *  - GET /api/tables/{id}/bill, POST /api/tables/{id}/close (staff): the table's bill since it
 *    was last closed, and 'Cerrar mesa'.
 */
export function diningTableRoutes(ctx: AppContext, events: OrderEvents, now: () => number = Date.now) {
  const perTable = new AttemptLimiter(ctx.db, 'table-call', CALL_LIMIT_PER_TABLE, CALL_WINDOW_MS, now)
  const perAddress = new AttemptLimiter(ctx.db, 'table-call-address', CALL_LIMIT_PER_ADDRESS, CALL_WINDOW_MS, now)

  return new Elysia({ prefix: '/api/tables' })
    .use(routeContract)
    .get('/', () => listTables(ctx.db), {
      access: 'staff',
      response: z.array(diningTableSchema),
      detail: { summary: 'Mesas', description: 'Cada mesa con la clave de su QR (`/?mesa=<token>`).', tags },
    })
    .post(
      '/',
      async ({ body, set }) => {
        set.status = 201
        return createTable(ctx.db, { name: body.name, active: body.active }, new Date(now()))
      },
      {
        access: 'admin',
        changes: 'public',
        body: diningTableInputSchema,
        response: { 201: diningTableSchema },
        detail: { summary: 'Crear una mesa', description: 'La clave del QR la pone el servidor: aleatoria, de 24 caracteres, nunca el número de la mesa.', tags },
      },
    )
    .put(
      '/:id',
      async ({ params, body }) => {
        const table = await updateTable(ctx.db, params.id, { name: body.name, active: body.active })
        if (!table) throw notFound(NOT_FOUND)
        return table
      },
      { access: 'admin', changes: 'public', params: idParam, body: diningTableInputSchema, response: diningTableSchema, detail: { summary: 'Cambiar una mesa (nombre, activa)', tags } },
    )
    .delete(
      '/:id',
      async ({ params }) => {
        if (!(await deleteTable(ctx.db, params.id))) throw notFound(NOT_FOUND)
        return { message: 'Mesa eliminada', id: params.id }
      },
      { access: 'admin', changes: 'public', params: idParam, parse: 'none', response: deletedSchema, detail: { summary: 'Eliminar una mesa (sus pedidos conservan su nombre)', tags } },
    )
    .post(
      '/:id/token',
      async ({ params }) => {
        const table = await renewToken(ctx.db, params.id)
        if (!table) throw notFound(NOT_FOUND)
        return table
      },
      {
        access: 'admin',
        changes: 'public',
        params: idParam,
        parse: 'none',
        response: diningTableSchema,
        detail: { summary: 'Renovar la clave del QR de una mesa', description: 'La clave anterior deja de valer en ese momento (409 al pedir con ella); hay que imprimir el cartel otra vez.', tags },
      },
    )
    .get(
      '/visit/:token',
      async ({ params, set }) => {
        set.headers['cache-control'] = 'no-store'
        const table = await tableByToken(ctx.db, params.token)
        if (!table) throw tableRefused()
        return { token: table.token, name: table.name }
      },
      {
        access: 'public',
        params: tableTokenParam,
        response: tableVisitSchema,
        detail: { summary: 'La mesa de un QR', description: `Mientras recibe pedidos. Clave desconocida, renovada o mesa inactiva: 409 ('${TABLE_REFUSED}').`, tags },
      },
    )
    .post(
      '/calls',
      async ({ body, request }) => {
        const table = await tableByToken(ctx.db, body.token)
        if (!table) throw tableRefused()
        const address = clientOf(request, ctx.config.trustProxy).address
        const waitAddress = await perAddress.takeAtOnce(address)
        if (waitAddress > 0) throw tooManyAttempts(waitAddress)
        // Per kind: a table that called the waiter its fill can still ask for its bill.
        const waitTable = await perTable.takeAtOnce(`${table.id}:${body.call}`)
        if (waitTable > 0) throw tooManyAttempts(waitTable)
        await events.publish('call', { id: 0, number: 0, status: 'pending' }, { tableId: table.id, name: table.name, call: body.call })
        return { message: body.call === 'cuenta' ? 'Ya pedimos tu cuenta' : 'Ya avisamos al mesero' }
      },
      {
        access: 'public',
        body: tableCallInputSchema,
        response: messageSchema,
        detail: {
          summary: `${TABLE_CALL_LABELS.mesero} / ${TABLE_CALL_LABELS.cuenta}`,
          description: `Desde la página de la mesa: llega al tablero de Pedidos como un evento que suena. Máximo ${CALL_LIMIT_PER_TABLE} de cada tipo por mesa y ${CALL_LIMIT_PER_ADDRESS} por dirección cada ${CALL_WINDOW_MS / 60_000} minutos (429). Clave rechazada: 409.`,
          tags,
        },
      },
    )
    .get(
      '/:id/bill',
      async ({ params }) => {
        const bill = await tableBill(ctx.db, params.id)
        if (!bill) throw notFound(NOT_FOUND)
        return bill
      },
      {
        access: 'staff',
        params: idParam,
        response: tableBillSchema,
        detail: { summary: 'La cuenta de una mesa', description: 'Sus pedidos desde la última vez que se cerró (sin los cancelados), con sus líneas y el total.', tags },
      },
    )
    .post(
      '/:id/close',
      async ({ params, request }) => {
        const closed = await closeTable(ctx.db, params.id, principalName(principalOf(request)), new Date(now()))
        if (!closed) throw notFound(NOT_FOUND)
        for (const order of closed.moved) await events.publish('status', order)
        return closed.bill
      },
      {
        access: 'staff',
        params: idParam,
        parse: 'none',
        response: tableBillSchema,
        detail: { summary: 'Cerrar mesa', description: 'Marca como entregados los pedidos de su cuenta y empieza la siguiente; responde la cuenta cerrada.', tags },
      },
    )
}
