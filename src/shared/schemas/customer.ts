import { z } from 'zod'
import { CUSTOMER_PAGE_DEFAULT, CUSTOMER_PAGE_MAX } from '../customers'

const count = (message: string) => z.coerce.number({ error: message }).int(message)

/** GET /api/customers?search=&limit=&offset=[&format=csv] */
export const customerListQuerySchema = z.object({
  search: z.string().trim().max(80, 'Máximo 80 caracteres').default(''),
  limit: count('El límite debe ser un número entero').min(1, 'El límite mínimo es 1').max(CUSTOMER_PAGE_MAX, `El límite máximo es ${CUSTOMER_PAGE_MAX}`).default(CUSTOMER_PAGE_DEFAULT),
  offset: count('El desplazamiento debe ser un número entero').min(0, 'No puede ser negativo').max(1_000_000).default(0),
  format: z.enum(['json', 'csv'], { error: 'Formato: json o csv' }).default('json'),
})
export type CustomerListQuery = z.output<typeof customerListQuerySchema>
