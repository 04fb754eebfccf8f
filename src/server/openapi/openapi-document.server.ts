/**
 * The OpenAPI 3.1 document (GET /api/openapi.json, and the reference page /api/docs),
 * GENERATED from the routes' own declarations (http/route-contract.server.ts): every
 * /api route is in it by construction, with
 *  - its parameters and request body in their INPUT form (what a client may send: a
 *    field with a default is optional), from the zod schemas Elysia validates with;
 *  - its answers in their OUTPUT form, from the `response` schemas Elysia checks;
 *  - who may call it (`security`, from `access`) and the error answers that follow from
 *    its declarations (400 with `issues`, 401, 403, 404, 413), plus `default` for the rest;
 *  - Spanish examples (examples.server.ts), matched to the schemas they illustrate.
 * JSON Schema comes from zod itself (z.toJSONSchema, draft 2020-12: the dialect of
 * OpenAPI 3.1). Only the prose (INTRO, tag descriptions) is written here.
 */
import { z } from 'zod'
import { version } from '../../../package.json'
import {
  checkoutInputSchema,
  openingHoursInputSchema,
  optionGroupInputSchema,
  orderInputSchema,
  orderStatusInputSchema,
  productInputSchema,
  ingredientInputSchema,
  zoneInputSchema,
} from '../../shared/schemas'
import {
  apiErrorSchema,
  coverageZoneSchema,
  ingredientSchema,
  openingHoursViewSchema,
  optionGroupSchema,
  orderEventSchema,
  orderSchema,
  orderSummarySchema,
  checkoutAnswerSchema,
  trackingSchema,
  productSchema,
  settingSchema,
  storeStatusSchema,
} from '../../shared/schemas/responses'
import { API_KEY_PREFIX } from '../api-keys/api-keys.repo.server'
import { SESSION_COOKIE } from '../auth/sessions.server'
import { MESSAGES } from '../http/errors.server'
import { MAX_JSON_BODY_BYTES, MAX_JSON_DEPTH } from '../http/json-body.server'
import type { Access, RouteContract } from '../http/route-contract.server'
import { EXAMPLES } from './examples.server'

export type JsonSchema = { [keyword: string]: unknown }

/** A zod schema as JSON Schema 2020-12, without `$schema` (the document's dialect says it). */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' })
  return io === 'input' ? defaultsAsWords(rest) : rest
}

/**
 * In what a client SENDS, a default is said in words ("Por defecto: …") instead of the
 * `default` keyword: generators such as openapi-typescript read `default` as "always
 * present" and would make a client send a field the server fills in by itself.
 * The field stays out of `required`, so it is optional to send.
 */
function defaultsAsWords(node: JsonSchema): JsonSchema {
  const out: JsonSchema = {}
  for (const [key, value] of Object.entries(node)) {
    if (key === 'default') continue
    out[key] = Array.isArray(value)
      ? value.map((v) => (isPlainObject(v) ? defaultsAsWords(v) : v))
      : isPlainObject(value)
        ? key === 'properties' || key === '$defs' || key === 'patternProperties'
          ? Object.fromEntries(Object.entries(value).map(([name, v]) => [name, isPlainObject(v) ? defaultsAsWords(v) : v]))
          : defaultsAsWords(value)
        : value
  }
  if ('default' in node) {
    const said = `Por defecto: ${JSON.stringify(node.default)}`
    out.description = typeof node.description === 'string' ? `${node.description}. ${said}` : said
  }
  return out
}

const isPlainObject = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value)

/** Schemas shown once under components.schemas and referenced by name; any other is inlined. */
const NAMED = new Map<z.ZodType, { name: string; example?: unknown }>([
  [productSchema, { name: 'Product', example: EXAMPLES.product }],
  [optionGroupSchema, { name: 'OptionGroup', example: EXAMPLES.optionGroup }],
  [ingredientSchema, { name: 'Ingredient', example: EXAMPLES.ingredient }],
  [coverageZoneSchema, { name: 'CoverageZone', example: EXAMPLES.zone }],
  [settingSchema, { name: 'Setting', example: EXAMPLES.setting }],
  [openingHoursViewSchema, { name: 'OpeningHours', example: EXAMPLES.openingHours }],
  [storeStatusSchema, { name: 'StoreStatus', example: EXAMPLES.storeStatus }],
  [orderSchema, { name: 'Order', example: EXAMPLES.storefrontOrder }],
  [checkoutAnswerSchema, { name: 'CheckoutAnswer', example: EXAMPLES.checkoutAnswer }],
  [trackingSchema, { name: 'Tracking', example: EXAMPLES.tracking }],
  [orderSummarySchema, { name: 'OrderSummary' }],
  [orderEventSchema, { name: 'OrderEvent', example: EXAMPLES.orderEvent }],
  [apiErrorSchema, { name: 'ApiError', example: EXAMPLES.validationError }],
  [productInputSchema, { name: 'ProductInput' }],
  [optionGroupInputSchema, { name: 'OptionGroupInput', example: EXAMPLES.optionGroupInput }],
  [ingredientInputSchema, { name: 'IngredientInput' }],
  [zoneInputSchema, { name: 'CoverageZoneInput' }],
  [openingHoursInputSchema, { name: 'OpeningHoursInput', example: EXAMPLES.openingHoursInput }],
  [checkoutInputSchema, { name: 'CheckoutInput', example: EXAMPLES.checkoutInput }],
  [orderInputSchema, { name: 'OrderInput', example: EXAMPLES.posOrderInput }],
  [orderStatusInputSchema, { name: 'OrderStatusInput', example: { status: 'confirmed' } }],
])

const MB = MAX_JSON_BODY_BYTES / 1024 / 1024

const INTRO = `API REST de la tienda en línea de chilaquiles: el menú público, el pedido de la tienda (checkout), los pedidos de un punto de venta (POS) y el panel de administración.

Todas las llamadas hablan JSON (\`Content-Type: application/json\`, máximo ${MB} MB por cuerpo y ${MAX_JSON_DEPTH} niveles de anidación). Los precios son quetzales enteros. Un error responde siempre \`{"message": "…"}\` con el texto en español, más \`issues\` (un elemento por campo) cuando los datos no son válidos; nunca se cambió nada.

**Quién puede llamar qué** (cada operación lo dice en su sección de seguridad):
- *Pública*: cualquiera. Si envías una credencial (tu API key, por ejemplo), se ignora: la respuesta es la misma que sin ella.
- *API key o administrador*: un punto de venta se identifica con una API key (el administrador la crea en el panel, sección API Keys, y se ve completa una sola vez), en \`Authorization: Bearer ${API_KEY_PREFIX}…\` o en \`X-API-Key: ${API_KEY_PREFIX}…\`.
- *Administrador*: la sesión del panel (cookie); una API key recibe 403.

\`\`\`
curl -H "X-API-Key: $API_KEY" "$SITIO/api/orders?limit=20"
curl -X PATCH -H "Authorization: Bearer $API_KEY" -H "Content-Type: application/json" \\
     -d '{"status":"confirmed"}' "$SITIO/api/orders/43/status"
\`\`\`

Las lecturas públicas del menú responden con \`ETag\` y \`Cache-Control: no-cache\`: un \`If-None-Match\` con ese ETag recibe 304 sin cuerpo. Las respuestas de texto van comprimidas (brotli o gzip) si el cliente lo acepta. Con la base de datos fuera de servicio, cualquier llamada puede responder 503 con \`Retry-After\`.`

const TAGS = [
  ['Productos', 'El menú: lecturas públicas; escrituras del administrador.'],
  ['Opciones', "Grupos de opciones de los platillos ('Leche', '¿Qué proteína?'): mínimo, máximo y precio de cada opción por tamaño."],
  ['Ingredientes', 'Bases, extras y salsas de los platos.'],
  ['Zonas de cobertura', 'Dónde se entrega, a qué costo y con qué pedido mínimo.'],
  ['Configuración', 'El número de WhatsApp que recibe los pedidos.'],
  ['Horario', 'Horario de atención, fechas cerradas, pausa, y si la tienda acepta pedidos ahora.'],
  ['Pedidos', 'El checkout de la tienda y los pedidos de un punto de venta.'],
  ['Promociones', "Códigos ('MARTES') y promociones automáticas: las del administrador con sus usos, y las que la tienda muestra."],
  ['Cuenta', 'Sesión del panel de administración.'],
  ['API keys', 'Las credenciales de los puntos de venta.'],
  ['Fotos', 'Fotos de productos e ingredientes.'],
  ['Administración', 'Carga inicial de datos.'],
  ['Documentación', 'Este documento.'],
] as const

/** Operation `security` lists per access rule (components.securitySchemes). `{}` = no credential needed. */
const SECURITY: Record<Access, Record<string, string[]>[]> = {
  public: [{}],
  staff: [{ adminSession: [] }],
  staffOrKey: [{ adminSession: [] }, { apiKeyBearer: [] }, { apiKeyHeader: [] }],
  adminOrKey: [{ adminSession: [] }, { apiKeyBearer: [] }, { apiKeyHeader: [] }],
  admin: [{ adminSession: [] }],
}

const ACCESS_NOTE: Record<Access, string> = {
  public: 'Pública.',
  staff: 'Cualquier cuenta del panel (Administrador o Cocina / caja).',
  staffOrKey: 'Cualquier cuenta del panel o API key.',
  adminOrKey: 'Administrador o API key.',
  admin: 'Solo administrador (sesión del panel).',
}

const isZod = (value: unknown): value is z.ZodType => value instanceof z.ZodType

const errorRef = (name: keyof typeof ERROR_RESPONSES) => ({ $ref: `#/components/responses/${name}` })

const errorResponse = (description: string, message: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' }, example: { message } } },
})

const ERROR_RESPONSES = {
  BadRequest: {
    description: `Datos inválidos: un campo que no cumple el esquema (\`issues\` dice cuáles), un parámetro inválido, un cuerpo que no es JSON o con más de ${MAX_JSON_DEPTH} niveles. Nunca se cambió nada.`,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' }, example: EXAMPLES.validationError } },
  },
  Unauthorized: errorResponse(`Falta una credencial válida (sin sesión, o la API key es inválida o está desactivada: "${MESSAGES.badKey}").`, MESSAGES.unauthenticated),
  Forbidden: errorResponse(
    `Una API key en una llamada solo de administrador ("${MESSAGES.keyScope}"), o una escritura con la cookie de sesión desde otro sitio ("${MESSAGES.badOrigin}").`,
    MESSAGES.keyScope,
  ),
  NotFound: errorResponse('No existe un registro con ese identificador.', 'Producto no encontrado'),
  PayloadTooLarge: errorResponse(`El cuerpo pasa del límite (${MB} MB; 10 MB para una foto).`, MESSAGES.tooLarge),
  Error: errorResponse('Otro error, con su mensaje en español: 409 (conflicto, p. ej. la tienda está cerrada), 429 (demasiados intentos), 503 (base de datos no disponible).', MESSAGES.unavailable),
} as const

/** A schema for the document: a $ref when it is named, else inline. */
function schemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const named = NAMED.get(schema)
  if (named) return { $ref: `#/components/schemas/${named.name}` }
  if (schema instanceof z.ZodArray && NAMED.has(schema.element as z.ZodType)) return { type: 'array', items: schemaOf(schema.element as z.ZodType, io) }
  return jsonSchemaOf(schema, io)
}

/** The example of a schema (a list of one for a list of a named schema), if any. */
function exampleOf(schema: z.ZodType): unknown {
  const named = NAMED.get(schema)
  if (named) return named.example
  if (schema instanceof z.ZodArray) {
    const item = NAMED.get(schema.element as z.ZodType)?.example
    return item === undefined ? undefined : [item]
  }
  return undefined
}

const jsonContent = (schema: z.ZodType, io: 'input' | 'output') => {
  const example = exampleOf(schema)
  return { 'application/json': example === undefined ? { schema: schemaOf(schema, io) } : { schema: schemaOf(schema, io), example } }
}

/** `/api/products/:id` -> `/api/products/{id}` (no trailing slash). */
export const openApiPath = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path).replace(/:(\w+)/g, '{$1}')

/** `GET /api/orders/:id/status` -> `getApiOrdersByIdStatus`: stable, unique, readable. */
function operationId(method: string, path: string): string {
  const words = openApiPath(path)
    .split('/')
    .filter(Boolean)
    .map((part) => (part.startsWith('{') ? `By-${part.slice(1, -1)}` : part))
    .join('-')
    .split(/[-_]/)
  return method.toLowerCase() + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('')
}

/** The parameters of an object schema (path or query), each with its input JSON Schema. */
function parametersOf(schema: unknown, where: 'path' | 'query') {
  if (!(schema instanceof z.ZodObject)) return []
  const json = jsonSchemaOf(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] }
  return Object.entries(json.properties ?? {}).map(([name, property]) => {
    const { description, ...rest } = property
    return {
      name,
      in: where,
      required: where === 'path' || (json.required ?? []).includes(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
    }
  })
}

/** The declared answers: one schema (200) or a record by status code. */
function successResponses(response: unknown, summary: string) {
  const byStatus: [string, unknown][] = isZod(response) ? [['200', response]] : typeof response === 'object' && response !== null ? Object.entries(response) : []
  if (byStatus.length === 0) return { 200: { description: summary } }
  return Object.fromEntries(byStatus.map(([status, schema]) => [status, isZod(schema) ? { description: summary, content: jsonContent(schema, 'output') } : { description: summary }]))
}

/** A multipart body carrying one file. */
const multipartSchema = (file: { field: string; media: string; description: string }) => ({
  type: 'object',
  required: [file.field],
  properties: { [file.field]: { type: 'string', contentMediaType: file.media, description: file.description } },
})

function operationOf(contract: RouteContract) {
  const { hooks, access, bodyLimit } = contract
  const detail = hooks.detail ?? {}
  const summary = typeof detail.summary === 'string' ? detail.summary : `${contract.method} ${contract.path}`
  const description = [typeof detail.description === 'string' ? detail.description : '', ACCESS_NOTE[access]].filter(Boolean).join('\n\n')
  const parameters = [...parametersOf(hooks.params, 'path'), ...parametersOf(hooks.query, 'query')]
  const checksInput = parameters.length > 0 || hooks.body !== undefined || bodyLimit !== undefined
  const errors: Record<string, unknown> = {}
  if (checksInput) errors['400'] = errorRef('BadRequest')
  if (access !== 'public') errors['401'] = errorRef('Unauthorized')
  if (access !== 'public' || contract.method !== 'GET') errors['403'] = errorRef('Forbidden')
  if (hooks.params !== undefined) errors['404'] = errorRef('NotFound')
  if (hooks.body !== undefined || bodyLimit !== undefined) errors['413'] = errorRef('PayloadTooLarge')
  errors.default = errorRef('Error')

  const requestBody = bodyLimit
    ? {
        required: true,
        content: { 'multipart/form-data': { schema: multipartSchema(bodyLimit.file ?? { field: 'image', media: 'image/*', description: 'La foto' }) } },
      }
    : isZod(hooks.body)
      ? { required: true, content: jsonContent(hooks.body, 'input') }
      : undefined

  return {
    operationId: operationId(contract.method, contract.path),
    summary,
    ...(description ? { description } : {}),
    tags: Array.isArray(detail.tags) ? detail.tags : [],
    security: SECURITY[access],
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: { ...successResponses(hooks.response, summary), ...errors },
  }
}

/** The whole document for these routes (the app's contracts, in their registration order). */
export function buildOpenApiDocument(contracts: readonly RouteContract[]) {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const contract of contracts) {
    if (contract.method === 'HEAD' || contract.method === 'ALL') continue
    const path = openApiPath(contract.path)
    paths[path] ??= {}
    paths[path][contract.method.toLowerCase()] = operationOf(contract)
  }
  const schemas = Object.fromEntries(
    [...NAMED].map(([schema, { name }]) => [name, jsonSchemaOf(schema, name.endsWith('Input') ? 'input' : 'output')]),
  )
  return {
    openapi: '3.1.1',
    info: { title: 'Chilaquiles · API', version, description: INTRO },
    servers: [{ url: '/', description: 'El mismo sitio que sirve la tienda' }],
    tags: TAGS.map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas,
      responses: ERROR_RESPONSES,
      securitySchemes: {
        apiKeyBearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: `${API_KEY_PREFIX}…`,
          description: `API key de un punto de venta: Authorization: Bearer ${API_KEY_PREFIX}… (se crea en el panel, sección API Keys).`,
        },
        apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: `La misma API key en su propia cabecera: X-API-Key: ${API_KEY_PREFIX}…` },
        adminSession: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description:
            'La sesión del panel de administración (POST /api/auth/login). Una escritura con esta cookie debe venir del mismo sitio (Origin / Sec-Fetch-Site); una petición sin esas cabeceras (un script, curl) se acepta.',
        },
      },
    },
  }
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>
