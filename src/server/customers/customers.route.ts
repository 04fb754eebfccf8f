import { Elysia } from 'elysia'
import { z } from 'zod'
import type { CustomerSummary } from '../../shared/customers'
import { customerListQuerySchema } from '../../shared/schemas'
import { customerSchema, customerSummarySchema } from '../../shared/schemas/responses'
import type { AppContext } from '../context.server'
import { csvResponse } from '../http/csv.server'
import { routeContract } from '../http/route-contract.server'
import { listCustomers, summarizeCustomers } from './customers.repo.server'

const tags = ['Clientes']

/**
 * GET /api/customers (administrator): the customers made from the orders by phone, most
 * recent first, searched by name or number, a page at a time; `format=csv` the same page
 * as a spreadsheet. GET /api/customers/summary: the Clientes page's counters.
 */
export const customerRoutes = (ctx: AppContext, now: () => number = Date.now) =>
  new Elysia({ prefix: '/api/customers' })
    .use(routeContract)
    .get(
      '/',
      async ({ query }) => {
        const customers = await listCustomers(ctx.db, query)
        if (query.format !== 'csv') return customers
        return csvResponse(
          'clientes.csv',
          ['telefono', 'nombre', 'pedidos', 'total_gastado', 'primer_pedido', 'ultimo_pedido'],
          customers.map((c) => [c.phone, c.name, c.orders, c.totalSpent, c.firstOrderAt, c.lastOrderAt]),
        )
      },
      {
        access: 'admin',
        query: customerListQuerySchema,
        response: z.array(customerSchema),
        detail: {
          summary: 'Clientes (a partir de los pedidos con teléfono)',
          description: 'Del más reciente al más antiguo; `search` busca en nombre y número; por páginas con `limit` y `offset`. `format=csv`: la misma página como CSV.',
          tags,
        },
      },
    )
    .get('/summary', (): Promise<CustomerSummary> => summarizeCustomers(ctx.db, new Date(now())), {
      access: 'admin',
      response: customerSummarySchema,
      detail: { summary: 'Contadores de clientes', description: 'Total, nuevos este mes (hora del restaurante) y activos (pidieron en los últimos 30 días).', tags },
    })
