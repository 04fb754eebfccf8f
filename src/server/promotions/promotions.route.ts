import { Elysia } from 'elysia'
import { z } from 'zod'
import { codeLinkTitle, codeProblemAt, inForceOn, promotionDescription, promotionSummary } from '../../shared/promotions'
import { orderMinute } from '../../shared/service-windows'
import { getOrderSettings } from '../scheduling/order-settings.repo.server'
import { idParam } from '../../shared/schemas'
import { type Promotion, type PromotionData, promotionInputSchema } from '../../shared/schemas/promotion'
import { type ActivePromotion, activePromotionSchema, promotionCodeSchema, promotionSchema, promotionWithUsesSchema } from '../../shared/schemas/promotion-responses'
import { deletedSchema } from '../../shared/schemas/responses'
import { MINUTES_PER_DAY, dateOfDay, wallMinute, wallMinuteToIso } from '../../shared/store-hours'
import { STATUS_MAX_AGE_MS } from '../../shared/status-changes'
import type { AppContext } from '../context.server'
import { JSON_TYPE } from '../cache/cached-json.server'
import { cachedResponse } from '../cache/page-cache.server'
import type { Db } from '../db/database.server'
import { clientOf } from '../http/client.server'
import { HttpError, MESSAGES, notFound } from '../http/errors.server'
import { routeContract } from '../http/route-contract.server'
import { NOSNIFF } from '../http/security-headers.server'
import { CodeGuesses } from './code-guesses.server'
import {
  activePromotions,
  createPromotion,
  deletePromotion,
  listPromotionsWithUses,
  missingTargets,
  promotionNames,
  type SaveOutcome,
  updatePromotion,
  capsUsed,
} from './promotions.repo.server'

const NOT_FOUND = 'Promoción no encontrada'
const UNKNOWN_CODE = 'Ese código no existe'
const tags = ['Promociones']

// The count of wrong codes, shared with the quote and the checkout, lives with its rule.
export { WRONG_CODE_LIMIT, WRONG_CODE_WINDOW_MS } from './code-guesses.server'

/** The landing page's strip, kept in the page cache under its own path (the fast path answers it from there too). */
const ACTIVE_KEY = '/api/promotions/active'
const encoder = new TextEncoder()

/** Any text: a code of the wrong shape is a code that does not exist (404), not a malformed request. */
const codeParam = z.object({ code: z.string().max(200) })

/** The restaurant's calendar day at `ms`, and the instant its next day starts. */
function restaurantDay(ms: number): { date: string; endsAt: number } {
  const day = Math.floor(wallMinute(new Date(ms)) / MINUTES_PER_DAY)
  return { date: dateOfDay(day), endsAt: Date.parse(wallMinuteToIso((day + 1) * MINUTES_PER_DAY)) }
}

/** A promotion saved, or the Spanish reason it was not. */
function saved(outcome: SaveOutcome, data: PromotionData): Promotion {
  if (outcome.kind === 'duplicate') throw new HttpError(409, `Ya existe una promoción con el código ${data.code ?? ''}`)
  if (outcome.kind === 'notFound') throw notFound(NOT_FOUND)
  return outcome.promotion
}

/** A promotion names only categories and products the menu has (400 with the field, as a product naming a missing ingredient). */
async function checkTargets(db: Db, data: PromotionData): Promise<void> {
  const missing = await missingTargets(db, data.appliesTo)
  const issues = [
    ...missing.categories.map((slug) => ({ path: `appliesTo.categories.${data.appliesTo.categories.indexOf(slug)}`, message: `La categoría ${slug} no existe` })),
    ...missing.productIds.map((id) => ({ path: `appliesTo.productIds.${data.appliesTo.productIds.indexOf(id)}`, message: `El producto ${id} no existe` })),
  ]
  if (issues.length) throw new HttpError(400, MESSAGES.invalidData, issues)
}

/**
 * The automatic promotions in force on the restaurant's `date`, with their words, and until
 * when the answer holds: the day's end, or a few minutes when one of them has a limit of uses
 * (orders do not empty the cache, so a used-up one leaves the strip within minutes).
 */
export async function strip(db: Db, at: number): Promise<{ value: ActivePromotion[]; expiresAt: number }> {
  const { date, endsAt } = restaurantDay(at)
  const today = (await activePromotions(db)).filter((p) => p.code === null && inForceOn(p, date))
  const limited = today.filter((p) => p.maxUses !== null)
  const [uses, names] = await Promise.all([capsUsed(db, limited, null), promotionNames(db, today)])
  const shown = today.filter((p) => p.maxUses === null || (uses.get(p.id)?.total ?? 0) < p.maxUses)
  return {
    value: shown.map((p) => ({ id: p.id, name: p.name, description: promotionDescription(p, names) })),
    expiresAt: limited.length ? Math.min(endsAt, at + STATUS_MAX_AGE_MS) : endsAt,
  }
}

/**
 * Promotions (issue #33, DESIGN "Selling more"). The owner's list, with uses, and its writes
 * (admin; every write declares `changes: 'public'`, so the landing page and the strip below are
 * made again); the storefront's two public reads: the automatic promotions in force today, and
 * what a link's code (`/?codigo=MARTES`) gives. `now` is the app's clock (AppOptions.now).
 */
export function promotionRoutes(ctx: AppContext, now: () => number = Date.now) {
  const guesses = new CodeGuesses(ctx.db, ctx.pageCache, now)

  /** The strip from the page cache, made on a miss (a write landing meanwhile keeps it out, as for the landing page). */
  const activeAnswer = () => {
    const hit = ctx.pageCache.get(ACTIVE_KEY, now())
    if (hit) return cachedResponse(hit, JSON_TYPE, NOSNIFF)
    const generation = ctx.pageCache.generation
    return strip(ctx.db, now()).then(({ value, expiresAt }) => cachedResponse(ctx.pageCache.set(ACTIVE_KEY, encoder.encode(JSON.stringify(value)), generation, expiresAt), JSON_TYPE, NOSNIFF))
  }

  return new Elysia({ prefix: '/api/promotions' })
    .use(routeContract)
    .get('/', () => listPromotionsWithUses(ctx.db), {
      access: 'admin',
      response: z.array(promotionWithUsesSchema),
      detail: {
        summary: 'Promociones',
        description: 'Todas, activas o en pausa, por `id`, cada una con `uses`: los pedidos no cancelados que la recibieron (un pedido cancelado devuelve su uso).',
        tags,
      },
    })
    .get(
      '/active',
      async () => {
        // Elysia checks a returned promise against `response`; awaited, it sees the ready Response (not checked, as cachedJson's).
        await ctx.pageCache.freshen()
        return activeAnswer()
      },
      {
        access: 'public',
        response: z.array(activePromotionSchema),
        detail: {
          summary: 'Promociones automáticas de hoy',
          description:
            "Las promociones sin código activas hoy (día del restaurante, America/Guatemala: dentro de sus fechas y con algún horario este día) y no agotadas, con su descripción en español ('2x1 en bebidas los martes de 15:00 a 18:00') para la tienda. Nunca los códigos. Respuesta en caché, con ETag.",
          tags,
        },
      },
    )
    .get(
      '/code/:code',
      async ({ params, request }) => {
        // One count of wrong guesses with the quote and the checkout (code-guesses.server.ts): past it, 429 for any code.
        const promotion = await guesses.judge(clientOf(request, ctx.config.trustProxy).address, params.code)
        // A paused code is a code that does not exist, for the customer and for a guesser alike.
        if (!promotion || promotion.code === null) throw notFound(UNKNOWN_CODE)
        // Judged as the cart judges it (shared/promotions.ts), at the time an order placed now is for:
        // out of its dates or used up, the link puts nothing in the cart (409); its hours only say when (issue 40).
        const at = orderMinute({ now: new Date(now()), settings: await getOrderSettings(ctx.db) })
        const uses = promotion.maxUses === null ? 0 : ((await capsUsed(ctx.db, [promotion], null)).get(promotion.id)?.total ?? 0)
        const problem = codeProblemAt(promotion, at, uses)
        if (problem && problem.reason !== 'window') throw new HttpError(409, problem.message)
        const names = await promotionNames(ctx.db, [promotion])
        const summary = promotionSummary(promotion, names)
        return {
          code: promotion.code,
          summary,
          description: promotionDescription(promotion, names),
          message: codeLinkTitle(promotion.code, summary, problem === null),
          appliesNow: problem === null,
          reason: problem?.message ?? null,
          needsPhone: promotion.maxUsesPerPhone !== null,
        }
      },
      {
        access: 'public',
        params: codeParam,
        response: promotionCodeSchema,
        detail: {
          summary: 'Qué da un código',
          description:
            "Para un enlace `/?codigo=MARTES`, juzgado como lo juzga el carrito a la hora de un pedido hecho ahora (ahora más la preparación): 'Código MARTES aplicado: 2x1 en bebidas' (`appliesNow`) o, fuera de su horario, 'Código MARTES: 2x1 en bebidas' con `reason` ('Ese código vale los martes de 15:00 a 18:00'). Sin distinguir mayúsculas. Un código que no existe o está en pausa: 404 'Ese código no existe' (demasiados desde una dirección: 429); vencido, aún no vigente o agotado: 409 con el motivo. Lo que depende del carrito (mínimo, entrega, teléfono) lo dice la cotización.",
          tags,
        },
      },
    )
    .post(
      '/',
      async ({ body, set }) => {
        await checkTargets(ctx.db, body)
        const promotion = saved(await createPromotion(ctx.db, body, new Date(now())), body)
        set.status = 201
        return promotion
      },
      {
        access: 'admin',
        changes: 'public',
        body: promotionInputSchema,
        response: { 201: promotionSchema },
        detail: {
          summary: 'Crear una promoción',
          description: "Con `code` (3 a 20 letras o números, guardado en mayúsculas) o sin él (automática). Un código ya usado por otra promoción, en mayúsculas o minúsculas: 409 'Ya existe una promoción con el código MARTES'.",
          tags,
        },
      },
    )
    .put(
      '/:id',
      async ({ params, body }) => {
        await checkTargets(ctx.db, body)
        return saved(await updatePromotion(ctx.db, params.id, body, new Date(now())), body)
      },
      {
        access: 'admin',
        changes: 'public',
        params: idParam,
        body: promotionInputSchema,
        response: promotionSchema,
        detail: {
          summary: 'Actualizar una promoción',
          description: "Reemplaza la promoción completa (pausarla: `active: false`). Los pedidos que ya la recibieron conservan su descuento. Código de otra promoción: 409.",
          tags,
        },
      },
    )
    .delete(
      '/:id',
      async ({ params }) => {
        if (!(await deletePromotion(ctx.db, params.id))) throw notFound(NOT_FOUND)
        return { message: 'Promoción eliminada', id: params.id }
      },
      {
        access: 'admin',
        changes: 'public',
        params: idParam,
        parse: 'none',
        response: deletedSchema,
        detail: { summary: 'Borrar una promoción', description: 'Los pedidos que la recibieron conservan su descuento (nombre, código y monto) y siguen en los reportes.', tags },
      },
    )
}
