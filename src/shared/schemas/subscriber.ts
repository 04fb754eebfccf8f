import { z } from 'zod'
import { EMAIL_RULE, SUBSCRIBER_PAGE_DEFAULT, SUBSCRIBER_PAGE_MAX } from '../subscribers'

/**
 * POST /api/subscribers: the footer's newsletter form. Trimmed and lower-cased BEFORE the
 * check, so ' Ana@Correo.com ' is stored once as 'ana@correo.com'. 254: the longest address SMTP carries.
 */
export const subscriberInputSchema = z.object({
  email: z
    .string({ error: EMAIL_RULE })
    .trim()
    .toLowerCase()
    .max(254, 'Máximo 254 caracteres')
    .pipe(z.email({ error: EMAIL_RULE }))
    .describe('Correo electrónico; se guarda sin espacios y en minúsculas'),
})
export type SubscriberInput = z.input<typeof subscriberInputSchema>

const count = (message: string) => z.coerce.number({ error: message }).int(message)

/** GET /api/subscribers?limit=&offset=[&format=csv] */
export const subscriberListQuerySchema = z.object({
  limit: count('El límite debe ser un número entero').min(1, 'El límite mínimo es 1').max(SUBSCRIBER_PAGE_MAX, `El límite máximo es ${SUBSCRIBER_PAGE_MAX}`).default(SUBSCRIBER_PAGE_DEFAULT),
  offset: count('El desplazamiento debe ser un número entero').min(0, 'No puede ser negativo').max(1_000_000).default(0),
  format: z.enum(['json', 'csv'], { error: 'Formato: json o csv' }).default('json'),
})
export type SubscriberListQuery = z.output<typeof subscriberListQuerySchema>
