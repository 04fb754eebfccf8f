/**
 * The OpenAPI 3.1 document of the integrators' API (GET /api/openapi.json, and the
 * reference page GET /api/docs made from it).
 *
 * Built here by hand from the shared zod schemas with z.toJSONSchema (JSON Schema
 * 2020-12, the dialect of OpenAPI 3.1), not by Elysia's generator: routes do not
 * declare `body:` schemas (json-body.server.ts says why), so a generator would see
 * empty bodies. See docs/decisions/013-openapi-from-zod.md.
 *
 *  - request bodies: the INPUT side of the schema the route validates with (what a
 *    client may send: fields with a default are optional);
 *  - answers: the OUTPUT side (response-schemas.server.ts);
 *  - who may call what: the `security` of each operation states the rule of
 *    http/access.server.ts (openapi.route.test.ts checks one against the other).
 *
 * The document is built on first use and kept: it depends on no data.
 */
import { z } from 'zod'
import { version } from '../../../package.json'
import { ORDER_EVENT_NAME } from '../../shared/order-events'
import { ORDER_PAGE_DEFAULT, ORDER_PAGE_MAX } from '../../shared/order-list'
import { ORDER_STATUSES, type OrderStatus, nextStatuses } from '../../shared/order-status'
import {
  CHECKOUT_LIMITS,
  INGREDIENT_TYPES,
  MENU_CATEGORIES,
  ORDER_STATUS_LABELS,
  PRODUCT_CATEGORIES,
  checkoutInputSchema,
  idParam,
  ingredientTypeSchema,
  orderInputSchema,
  orderStatusInputSchema,
  openingHoursInputSchema,
  orderStatusSchema,
  productCategorySchema,
} from '../../shared/schemas'
import { API_KEY_PREFIX } from '../api-keys/api-keys.repo.server'
import { SESSION_COOKIE } from '../auth/sessions.server'
import { CHECKOUT_LIMIT, CHECKOUT_WINDOW_MS } from '../checkout/checkout.route'
import { MESSAGES, tooManyAttempts } from '../http/errors.server'
import { MAX_JSON_BODY_BYTES, MAX_JSON_DEPTH } from '../http/json-body.server'
import { EXAMPLES } from './examples.server'
import { HEARTBEAT_MS, RECONNECT_MS } from '../orders/order-events.server'
import {
  apiErrorSchema,
  coverageZoneSchema,
  ingredientSchema,
  openingHoursViewSchema,
  orderEventSchema,
  orderSummarySchema,
  orderSchema,
  productSchema,
  settingSchema,
  storeStatusSchema,
} from './response-schemas.server'

export type JsonSchema = { [keyword: string]: unknown }

const MB = MAX_JSON_BODY_BYTES / 1024 / 1024

/** A zod schema as JSON Schema 2020-12, without `$schema` (the document's dialect says it). */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io })
  return rest
}

/** Every named schema of the document: its zod source and which side of it is shown. */
export const COMPONENT_SCHEMAS = {
  Product: { schema: productSchema, io: 'output' },
  Ingredient: { schema: ingredientSchema, io: 'output' },
  CoverageZone: { schema: coverageZoneSchema, io: 'output' },
  Setting: { schema: settingSchema, io: 'output' },
  OpeningHours: { schema: openingHoursViewSchema, io: 'output' },
  OpeningHoursInput: { schema: openingHoursInputSchema, io: 'input' },
  StoreStatus: { schema: storeStatusSchema, io: 'output' },
  CheckoutInput: { schema: checkoutInputSchema, io: 'input' },
  Order: { schema: orderSchema, io: 'output' },
  OrderInput: { schema: orderInputSchema, io: 'input' },
  OrderStatusInput: { schema: orderStatusInputSchema, io: 'input' },
  OrderStatus: { schema: orderStatusSchema, io: 'output' },
  OrderEvent: { schema: orderEventSchema, io: 'output' },
  OrderSummary: { schema: orderSummarySchema, io: 'output' },
  ApiError: { schema: apiErrorSchema, io: 'output' },
} as const satisfies Record<string, { schema: z.ZodType; io: 'input' | 'output' }>

export type ComponentName = keyof typeof COMPONENT_SCHEMAS

const ref = (name: ComponentName) => ({ $ref: `#/components/schemas/${name}` })
const listOf = (name: ComponentName) => ({ type: 'array', items: ref(name) })
const errorRef = (name: keyof typeof ERROR_RESPONSES) => ({ $ref: `#/components/responses/${name}` })

export type SecurityRequirement = Record<string, string[]>

/** The three ways in (components.securitySchemes), as operation `security` lists. */
const ANYONE: SecurityRequirement[] = []
const ANYONE_OR_KEY: SecurityRequirement[] = [{}, { apiKeyBearer: [] }, { apiKeyHeader: [] }]
const ADMIN_OR_KEY: SecurityRequirement[] = [{ adminSession: [] }, { apiKeyBearer: [] }, { apiKeyHeader: [] }]
const ADMIN: SecurityRequirement[] = [{ adminSession: [] }]

const json = (schema: JsonSchema, example?: unknown) => ({
  'application/json': example === undefined ? { schema } : { schema, example },
})

const errorResponse = (description: string, message: string, extra: Record<string, unknown> = {}) => ({
  description,
  content: json(ref('ApiError'), { message }),
  ...extra,
})

const ERROR_RESPONSES = {
  BadRequest: {
    description:
      'Datos inválidos: un campo que no cumple el esquema (`issues` dice cuáles), un parámetro de ruta inválido, ' +
      'un cuerpo que no es JSON, un Content-Type distinto de application/json o un JSON con más de ' +
      `${MAX_JSON_DEPTH} niveles de anidación. Nunca se cambió nada.`,
    content: json(ref('ApiError'), EXAMPLES.validationError),
  },
  Unauthorized: errorResponse(
    'Falta una credencial válida: sin sesión de administrador ni API key, o la API key es inválida o está desactivada ' +
      `("${MESSAGES.badKey}").`,
    MESSAGES.unauthenticated,
  ),
  Forbidden: errorResponse(
    'Una API key en una llamada que las API keys no abren, o una escritura con la cookie de sesión desde otro sitio ' +
      `(Origin o Sec-Fetch-Site de otro origen: "${MESSAGES.badOrigin}").`,
    MESSAGES.keyScope,
  ),
  NotFound: errorResponse('No existe un registro con ese identificador.', 'Pedido no encontrado'),
  PayloadTooLarge: errorResponse(`El cuerpo pasa de ${MB} MB.`, MESSAGES.tooLarge),
} as const

const idParameter = (what: string) => ({
  name: 'id',
  in: 'path',
  required: true,
  description: `Identificador ${what}`,
  schema: jsonSchemaOf(idParam.shape.id, 'input'),
  example: 1,
})

const INTRO = `API REST de la tienda en línea de chilaquiles: el menú público, el pedido de la tienda (checkout) y los pedidos de un punto de venta (POS).

Todas las llamadas hablan JSON (\`Content-Type: application/json\`, máximo ${MB} MB por cuerpo). Los precios son quetzales enteros. Un error responde siempre \`{"message": "…"}\` con el texto en español, más \`issues\` (un elemento por campo) cuando los datos no son válidos.

Un punto de venta se identifica con una API key (el administrador la crea en el panel, sección API Keys, y se ve completa una sola vez), en una de dos cabeceras: \`Authorization: Bearer ${API_KEY_PREFIX}…\` o \`X-API-Key: ${API_KEY_PREFIX}…\`. Una API key abre exactamente: las lecturas de productos, ingredientes y zonas de entrega; \`GET\` y \`POST /api/orders\`; \`PATCH /api/orders/{id}/status\`; y el flujo \`GET /api/orders/events\`. Cualquier otra llamada hecha con una API key recibe 403, aunque sin ella sea pública (el checkout, el número de WhatsApp): no la envíes ahí. Una respuesta a una llamada con API key nunca se guarda en caché (\`Cache-Control: no-store\`).

\`\`\`
curl -H "X-API-Key: $API_KEY" "$SITIO/api/orders"
curl -X PATCH -H "Authorization: Bearer $API_KEY" -H "Content-Type: application/json" \\
     -d '{"status":"confirmed"}' "$SITIO/api/orders/43/status"
\`\`\`

Las lecturas públicas del menú responden con \`ETag\` y \`Cache-Control: no-cache\`: un \`If-None-Match\` con ese ETag recibe 304 sin cuerpo. Las respuestas de texto van comprimidas (brotli o gzip) si el cliente lo acepta.`

/** The OpenAPI operations by path and method. */
function paths() {
  const menuRead = { tags: ['Menú'], security: ANYONE_OR_KEY }
  return {
    '/api/products': {
      get: {
        ...menuRead,
        operationId: 'listProducts',
        summary: 'Lista de productos',
        description:
          'Todos los productos, disponibles o no, en el orden del menú. Un producto con `available: false` se muestra como «Agotado» y el checkout lo rechaza (409). ' +
          '`priceGrande: null`: el producto no tiene tamaño grande. Las listas de ids nombran ingredientes (`GET /api/ingredients`): `availableSauces` las salsas que se ofrecen, ' +
          '`baseIngredientIds` los que se pueden quitar, `extraIngredientIds` los extras con costo (lista vacía: todos los de ese tipo).',
        responses: { 200: { description: 'Productos', content: json(listOf('Product'), [EXAMPLES.product]) } },
      },
    },
    '/api/products/category/{category}': {
      get: {
        ...menuRead,
        operationId: 'listProductsByCategory',
        summary: 'Productos de una categoría',
        description: `Como \`GET /api/products\`, solo los de una categoría. Las pestañas del menú son ${MENU_CATEGORIES.join(', ')}; ${PRODUCT_CATEGORIES.filter((c) => !(MENU_CATEGORIES as readonly string[]).includes(c)).join(', ')} también es válida.`,
        parameters: [
          { name: 'category', in: 'path', required: true, description: 'Categoría', schema: jsonSchemaOf(productCategorySchema, 'input'), example: 'chilaquiles' },
        ],
        responses: {
          200: { description: 'Productos de la categoría', content: json(listOf('Product'), [EXAMPLES.product]) },
          400: errorRef('BadRequest'),
        },
      },
    },
    '/api/products/{id}': {
      get: {
        ...menuRead,
        operationId: 'getProduct',
        summary: 'Un producto',
        parameters: [idParameter('del producto')],
        responses: {
          200: { description: 'El producto', content: json(ref('Product'), EXAMPLES.product) },
          400: errorRef('BadRequest'),
          404: errorResponse('No existe', 'Producto no encontrado'),
        },
      },
    },
    '/api/ingredients': {
      get: {
        ...menuRead,
        operationId: 'listIngredients',
        summary: 'Lista de ingredientes',
        description:
          'Todos los ingredientes, disponibles o no: `base` (se pueden quitar de un plato), `extra` (con costo, `price` en quetzales) y `salsa`. Ordenados por tipo.',
        responses: { 200: { description: 'Ingredientes', content: json(listOf('Ingredient'), [EXAMPLES.ingredient]) } },
      },
    },
    '/api/ingredients/type/{type}': {
      get: {
        ...menuRead,
        operationId: 'listIngredientsByType',
        summary: 'Ingredientes de un tipo',
        description: `Como \`GET /api/ingredients\`, solo los de un tipo (${INGREDIENT_TYPES.join(', ')}).`,
        parameters: [{ name: 'type', in: 'path', required: true, description: 'Tipo', schema: jsonSchemaOf(ingredientTypeSchema, 'input'), example: 'salsa' }],
        responses: {
          200: { description: 'Ingredientes del tipo', content: json(listOf('Ingredient'), [EXAMPLES.ingredient]) },
          400: errorRef('BadRequest'),
        },
      },
    },
    '/api/ingredients/{id}': {
      get: {
        ...menuRead,
        operationId: 'getIngredient',
        summary: 'Un ingrediente',
        parameters: [idParameter('del ingrediente')],
        responses: {
          200: { description: 'El ingrediente', content: json(ref('Ingredient'), EXAMPLES.ingredient) },
          400: errorRef('BadRequest'),
          404: errorResponse('No existe', 'Ingrediente no encontrado'),
        },
      },
    },
    '/api/coverage-zones': {
      get: {
        ...menuRead,
        operationId: 'listCoverageZones',
        summary: 'Zonas de entrega',
        description: 'Las zonas de entrega a domicilio con su costo de envío (`deliveryCost`, quetzales). Una zona con `available: false` no recibe entregas (el checkout responde 409).',
        responses: { 200: { description: 'Zonas', content: json(listOf('CoverageZone'), [EXAMPLES.zone]) } },
      },
    },
    '/api/coverage-zones/{id}': {
      get: {
        ...menuRead,
        operationId: 'getCoverageZone',
        summary: 'Una zona de entrega',
        parameters: [idParameter('de la zona')],
        responses: {
          200: { description: 'La zona', content: json(ref('CoverageZone'), EXAMPLES.zone) },
          400: errorRef('BadRequest'),
          404: errorResponse('No existe', 'Zona de cobertura no encontrada'),
        },
      },
    },
    '/api/settings/whatsapp_number': {
      get: {
        tags: ['Tienda'],
        security: ANYONE,
        operationId: 'getWhatsappNumber',
        summary: 'Número de WhatsApp que recibe los pedidos',
        description: 'Público, sin credenciales (con una API key: 403). Mientras nadie lo guardó en Configuración responde el número por defecto con `updatedAt: null`.',
        responses: {
          200: { description: 'El número', content: json(ref('Setting'), EXAMPLES.setting) },
          403: errorRef('Forbidden'),
        },
      },
    },
    '/api/store-status': {
      get: {
        tags: ['Tienda'],
        security: ANYONE,
        operationId: 'getStoreStatus',
        summary: '¿Acepta pedidos ahora?',
        description:
          'Si la tienda acepta pedidos en este momento, según su horario, sus fechas cerradas y la pausa, con la línea en español que muestra la tienda. ' +
          'Sin horario guardado: siempre abierta. Depende del reloj: `Cache-Control: no-store`. Con una API key: 403.',
        responses: {
          200: { description: 'El estado de la tienda', content: json(ref('StoreStatus'), EXAMPLES.storeStatus) },
          403: errorRef('Forbidden'),
        },
      },
    },
    '/api/opening-hours': {
      get: {
        tags: ['Tienda'],
        security: ANYONE,
        operationId: 'getOpeningHours',
        summary: 'Horario de atención',
        description:
          'El horario semanal, las fechas cerradas y la pausa. Sin nada guardado: `week: null`, `closedDates: []`, `paused: false`, `updatedAt: null` ' +
          '(abierta siempre). `Cache-Control: no-store`. Con una API key: 403.',
        responses: {
          200: { description: 'El horario', content: json(ref('OpeningHours'), EXAMPLES.openingHours) },
          403: errorRef('Forbidden'),
        },
      },
      put: {
        tags: ['Tienda'],
        security: ADMIN,
        operationId: 'saveOpeningHours',
        summary: 'Guardar el horario (administrador)',
        description:
          'Reemplaza todo el horario. Cada rango es [`open`, `close`): abre a las `open` en punto y cierra a las `close` en punto; un `close` antes que `open` pasa la medianoche ' +
          '(sábado 22:00–02:00 termina el domingo a las 2:00). Los rangos de un día no se superponen entre sí ni con el rango del día anterior que pasa la medianoche. ' +
          'Una fecha cerrada cierra los rangos de ese día. `week: null`: sin horario (abierta a toda hora). Las fechas se devuelven ordenadas. ' +
          'Solo con la sesión del panel: una API key recibe 403.',
        requestBody: { required: true, content: json(ref('OpeningHoursInput'), EXAMPLES.openingHoursInput) },
        responses: {
          200: { description: 'El horario guardado', content: json(ref('OpeningHours'), EXAMPLES.openingHours) },
          400: errorRef('BadRequest'),
          401: errorRef('Unauthorized'),
          403: errorRef('Forbidden'),
          413: errorRef('PayloadTooLarge'),
        },
      },
    },
    '/api/checkout': {
      post: {
        tags: ['Pedidos'],
        security: ANYONE,
        operationId: 'checkout',
        summary: 'Pedido de la tienda en línea',
        description:
          'El pedido que envía la tienda en línea: nombra productos e ingredientes solo por id y el servidor pone todos los precios desde la base de datos ' +
          '(un precio o total enviado por el cliente se ignora). Se guarda como `pending` con el siguiente número y responde el pedido completo.\n\n' +
          `Es de la tienda, no del punto de venta: público, sin credenciales; con una API key o desde otro sitio (Origin de otro origen) responde 403. ` +
          `Cada dirección puede hacer ${CHECKOUT_LIMIT} pedidos aceptados cada ${CHECKOUT_WINDOW_MS / 60_000} minutos; después, 429 con Retry-After (segundos).\n\n` +
          '`fulfilment: "delivery"` necesita `zoneId` y `address`; `"pickup"` no necesita ninguno. `customization`: una salsa (`sauceId`, de las `availableSauces` del producto), ' +
          'ingredientes base quitados (`removedIngredientIds`) y extras con costo (`extraIds`). `cashAmount`: con cuánto paga en efectivo (debe cubrir el total). ' +
          `Límites: ${CHECKOUT_LIMITS.lines} líneas, cantidad 1–${CHECKOUT_LIMITS.quantity} por línea.`,
        requestBody: { required: true, content: json(ref('CheckoutInput'), EXAMPLES.checkoutInput) },
        responses: {
          201: { description: 'Pedido guardado (status pending, source storefront)', content: json(ref('Order'), EXAMPLES.storefrontOrder) },
          400: errorRef('BadRequest'),
          403: errorRef('Forbidden'),
          409: errorResponse(
            'La tienda no acepta pedidos ahora (fuera de horario, fecha cerrada o en pausa: el mensaje es el de `GET /api/store-status`), ' +
              'o el menú cambió mientras el cliente pedía: un producto, salsa, extra o zona ya no existe o no está disponible, o el subtotal no llega al pedido mínimo de la zona. Nada se guardó.',
            'El producto "Horchata" no está disponible',
          ),
          413: errorRef('PayloadTooLarge'),
          429: errorResponse('Demasiados pedidos desde esta dirección; Retry-After dice cuántos segundos esperar.', tooManyAttempts(CHECKOUT_WINDOW_MS / 1000).message, {
            headers: { 'Retry-After': { description: 'Segundos hasta poder pedir de nuevo', schema: { type: 'integer', minimum: 1 } } },
          }),
        },
      },
    },
    '/api/orders/summary': {
      get: {
        tags: ['Pedidos'],
        security: ADMIN_OR_KEY,
        operationId: 'orderSummary',
        summary: 'Cuentas de pedidos',
        description: 'Cuántos pedidos hay en total y en cada estado, y cuántos se entregaron hoy: contados por la base de datos sobre todo el historial.',
        responses: {
          200: { description: 'Cuentas', content: json(ref('OrderSummary'), { total: 1250, byStatus: { pending: 2, confirmed: 1, preparing: 3, ready: 0, delivered: 1180, cancelled: 64 }, completedToday: 41 }) },
          401: errorRef('Unauthorized'),
          403: errorRef('Forbidden'),
        },
      },
    },
    '/api/orders': {
      get: {
        tags: ['Pedidos'],
        security: ADMIN_OR_KEY,
        operationId: 'listOrders',
        summary: 'Lista de pedidos',
        description:
          'Pedidos de la tienda (`source: "storefront"`) y de punto de venta (`source: "pos"`), del más reciente al más antiguo (por número), ' +
          `a lo sumo \`limit\` (${ORDER_PAGE_DEFAULT} por defecto, máximo ${ORDER_PAGE_MAX}). Una página llena puede tener más: pida la siguiente con \`before\` = el número del último.`,
        parameters: [
          { name: 'limit', in: 'query', required: false, description: `Cuántos (1-${ORDER_PAGE_MAX})`, schema: { type: 'integer', minimum: 1, maximum: ORDER_PAGE_MAX, default: ORDER_PAGE_DEFAULT }, example: 50 },
          { name: 'before', in: 'query', required: false, description: 'Solo los pedidos con número menor (la página anterior)', schema: { type: 'integer', minimum: 1 }, example: 120 },
          { name: 'status', in: 'query', required: false, description: `Estados separados por comas (${ORDER_STATUSES.join(', ')})`, schema: { type: 'string' }, example: 'pending,confirmed' },
          { name: 'from', in: 'query', required: false, description: 'Desde este día, incluido (AAAA-MM-DD, hora del restaurante)', schema: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' }, example: '2026-11-01' },
          { name: 'to', in: 'query', required: false, description: 'Hasta este día, incluido (AAAA-MM-DD, hora del restaurante)', schema: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' }, example: '2026-11-07' },
        ],
        responses: {
          200: { description: 'Pedidos', content: json(listOf('Order'), [EXAMPLES.storefrontOrder]) },
          400: errorRef('BadRequest'),
          401: errorRef('Unauthorized'),
          403: errorRef('Forbidden'),
        },
      },
      post: {
        tags: ['Pedidos'],
        security: ADMIN_OR_KEY,
        operationId: 'createPosOrder',
        summary: 'Registrar un pedido de punto de venta',
        description:
          'Un pedido tomado en el punto de venta. Sus líneas y su total se guardan tal como se envían (`price` es el precio unitario); ' +
          'recibe el siguiente número de la misma secuencia que los pedidos de la tienda. `status` por defecto: `pending`.',
        requestBody: { required: true, content: json(ref('OrderInput'), EXAMPLES.posOrderInput) },
        responses: {
          201: { description: 'Pedido guardado (source pos)', content: json(ref('Order'), EXAMPLES.posOrder) },
          400: errorRef('BadRequest'),
          401: errorRef('Unauthorized'),
          403: errorRef('Forbidden'),
          413: errorRef('PayloadTooLarge'),
        },
      },
    },
    '/api/orders/{id}/status': {
      patch: {
        tags: ['Pedidos'],
        security: ADMIN_OR_KEY,
        operationId: 'moveOrderStatus',
        summary: 'Cambiar el estado de un pedido',
        description:
          `Un pedido avanza un paso a la vez: \`${statusPath()}\`. Desde cualquier estado que no sea final se puede pasar a \`cancelled\` (${ORDER_STATUS_LABELS.cancelled}). ` +
          '`delivered` y `cancelled` son finales. Cualquier otro cambio (retroceder, saltar un paso, repetir el estado actual) responde 409 y no cambia nada. ' +
          'La respuesta es el pedido con el cambio añadido al final de `statusHistory`.',
        parameters: [idParameter('del pedido')],
        requestBody: { required: true, content: json(ref('OrderStatusInput'), { status: 'confirmed' }) },
        responses: {
          200: { description: 'El pedido con su nuevo estado', content: json(ref('Order'), EXAMPLES.confirmedPosOrder) },
          400: errorRef('BadRequest'),
          401: errorRef('Unauthorized'),
          403: errorRef('Forbidden'),
          404: errorRef('NotFound'),
          409: errorResponse('Cambio de estado no permitido', 'No se puede pasar de "Listo" a "Pendiente"'),
        },
      },
    },
    '/api/orders/events': {
      get: {
        tags: ['Pedidos'],
        security: ADMIN_OR_KEY,
        operationId: 'orderEvents',
        summary: 'Flujo de eventos de pedidos',
        description:
          'Server-Sent Events (`text/event-stream`): la conexión queda abierta y el servidor avisa de cada pedido nuevo (checkout o punto de venta) ' +
          'y de cada cambio de estado, para no consultar `GET /api/orders` a intervalos. Sirve EventSource o cualquier cliente SSE ' +
          '(EventSource no envía cabeceras: un punto de venta usa un cliente que mande su API key).\n\n' +
          `Cada aviso es \`event: ${ORDER_EVENT_NAME}\` con una línea \`data:\` que es un OrderEvent en JSON (\`type\`, \`id\`, \`number\`, \`status\`). ` +
          'El aviso es corto a propósito: al recibirlo, y después de cada reconexión, vuelve a leer `GET /api/orders`, así un aviso perdido mientras ' +
          `no había conexión no cuesta nada. Al abrir llega \`retry: ${RECONNECT_MS}\` (milisegundos antes de reconectar) y cada ${HEARTBEAT_MS / 1000} s ` +
          'un comentario (`: ping`) que mantiene viva la conexión. El flujo se cierra si la sesión termina o la API key se borra o desactiva.',
        responses: {
          200: {
            description: 'Flujo de eventos (cada data es un OrderEvent)',
            content: {
              'text/event-stream': {
                schema: { type: 'string' },
                example: `retry: ${RECONNECT_MS}\n: conectado\n\nevent: ${ORDER_EVENT_NAME}\ndata: ${JSON.stringify(EXAMPLES.orderEvent)}\n\n: ping\n\n`,
              },
            },
          },
          401: errorRef('Unauthorized'),
          403: errorRef('Forbidden'),
        },
      },
    },
    '/api/openapi.json': {
      get: {
        tags: ['Documentación'],
        security: ANYONE,
        operationId: 'openapiDocument',
        summary: 'Este documento (OpenAPI 3.1)',
        responses: { 200: { description: 'El documento OpenAPI', content: { 'application/json': { schema: { type: 'object' } } } } },
      },
    },
    '/api/docs': {
      get: {
        tags: ['Documentación'],
        security: ANYONE,
        operationId: 'referencePage',
        summary: 'Esta referencia, como página HTML',
        responses: { 200: { description: 'La página', content: { 'text/html': { schema: { type: 'string' } } } } },
      },
    },
  }
}

/** 'pending → confirmed → …', walked along shared/order-status.ts. */
function statusPath(): string {
  const path: OrderStatus[] = ['pending']
  for (let next = forward('pending'); next; next = forward(next)) path.push(next)
  return path.join(' → ')
}
const forward = (status: OrderStatus) => nextStatuses(status).find((s) => s !== 'cancelled')

export function buildOpenApiDocument() {
  const schemas = Object.fromEntries(Object.entries(COMPONENT_SCHEMAS).map(([name, { schema, io }]) => [name, jsonSchemaOf(schema, io)]))
  return {
    openapi: '3.1.1',
    info: {
      title: 'Chilaquiles · API para integradores',
      version,
      description: INTRO,
    },
    servers: [{ url: '/', description: 'El mismo sitio que sirve la tienda' }],
    tags: [
      { name: 'Menú', description: 'Productos, ingredientes y zonas de entrega: lecturas públicas (también con API key).' },
      { name: 'Tienda', description: 'El número que recibe los pedidos, el horario y si la tienda acepta pedidos ahora.' },
      { name: 'Pedidos', description: 'El checkout de la tienda y los pedidos de un punto de venta.' },
      { name: 'Documentación', description: 'Este documento.' },
    ],
    paths: paths(),
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
        apiKeyHeader: {
          type: 'apiKey',
          in: 'header',
          name: 'X-API-Key',
          description: `La misma API key en su propia cabecera: X-API-Key: ${API_KEY_PREFIX}…`,
        },
        adminSession: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description:
            'La sesión del panel de administración (POST /api/auth/login). Una escritura con esta cookie debe venir del mismo sitio (Origin / Sec-Fetch-Site); ' +
            'una petición sin esas cabeceras (un script, curl) se acepta.',
        },
      },
    },
  }
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>

let built: OpenApiDocument | undefined
/** The document, built on first use. */
export const openApiDocument = (): OpenApiDocument => (built ??= buildOpenApiDocument())
