import { Elysia } from 'elysia'
import { z } from 'zod'
import { adminSpaRoutes } from './admin-spa/admin-spa.route'
import { apiKeyRoutes } from './api-keys/api-keys.route'
import { assetRoutes } from './assets/assets.route'
import { authRoutes } from './auth/auth.route'
import { createSessionService } from './auth/sessions.server'
import { type AuthThrottles, createAuthThrottles } from './auth/throttle.server'
import { diningTableRoutes } from './dining-tables/dining-tables.route'
import { checkoutRoutes } from './checkout/checkout.route'
import type { AppContext } from './context.server'
import { coverageZoneRoutes } from './coverage-zones/coverage-zones.route'
import { customerRoutes } from './customers/customers.route'
import { accessGuard } from './access/access-guard.server'
import { errorHandler } from './http/error-handler.server'
import { HttpError, MESSAGES } from './http/errors.server'
import { parseBody } from './http/json-body.server'
import { requestContract } from './http/request-contract.server'
import { type ContractLookup, type RouteContract, contractTable } from './http/route-contract.server'
import { isReadMethod } from './http/same-origin.server'
import { ingredientRoutes } from './ingredients/ingredients.route'
import { initializeDatabaseRoutes } from './initialize-database/initialize-database.route'
import { landingRoutes } from './landing/landing.route'
import { openingHoursRoutes } from './opening-hours/opening-hours.route'
import { openapiRoutes } from './openapi/openapi.route'
import { publicDataChanged } from './cache/shared-generation.server'
import { healthRoutes } from './health/health.route'
import { type OrderEvents, createOrderEvents } from './orders/order-events.server'
import { orderRoutes } from './orders/orders.route'
import { orderEditRoutes } from './order-edits/order-edits.route'
import { remainingRoutes } from './portions/remaining.route'
import { productRoutes } from './products/products.route'
import { type OrderPushes, createOrderPushes } from './push/order-pushes.server'
import { pushRoutes } from './push/push.route'
import { categoryRoutes } from './categories/categories.route'
import { optionGroupRoutes } from './option-groups/option-groups.route'
import { menuSheetRoutes } from './menu-sheet/menu-sheet.route'
import { reportRoutes } from './reports/reports.route'
import { promotionRoutes } from './promotions/promotions.route'
import { settingRoutes } from './settings/settings.route'
import { storeProfileRoutes } from './store-profile/store-profile.route'
import { seoRoutes } from './seo/seo.route'
import { subscriberRoutes } from './subscribers/subscribers.route'
import { orderSettingsRoutes } from './scheduling/order-settings.route'
import { orderSlotsRoutes } from './scheduling/order-slots.route'
import { trackingRoutes } from './tracking/tracking.route'
import { trackingPageRoutes } from './tracking/tracking-page.route'
import { ticketRoutes } from './ticket/ticket.route'
import { uploadRoutes } from './uploads/uploads.route'
import { userRoutes } from './users/users.route'

// Validation messages the shared schemas do not set themselves come out in Spanish.
z.config(z.locales.es())

/**
 * `orderEvents`: the live order bus; main.ts passes its own to close the streams at shutdown.
 * `pushes`: web push to the staff's devices; main.ts passes its own (it runs the reminders).
 */
export type AppOptions = { throttles?: AuthThrottles; now?: () => number; orderEvents?: OrderEvents; pushes?: OrderPushes }

/**
 * The whole HTTP application: this file only composes. Order matters:
 *  1. error handler: every failure becomes {message, issues?}, never the request body;
 *  2. access guard: API key / session / same origin / declared size, before any body is read,
 *     as each route declares it (http/route-contract.server.ts; the table is made from the
 *     routes below once they are all registered);
 *  3. the one JSON body reader (capped, depth-limited) for every route that reads a body;
 *  4. a successful write declared `changes: 'public'` empties the page cache;
 *  5. assets, the API by resource, the landing page, and last the admin SPA (404 fallback).
 * Security headers are added around it, in http/fetch-handler.server.ts.
 */
export function createApp(ctx: AppContext, options: AppOptions = {}) {
  const sessions = createSessionService(ctx.db, ctx.config.sessionSecret, options.now)
  const throttles = options.throttles ?? createAuthThrottles(ctx.db, options.now)
  const orderEvents = options.orderEvents ?? createOrderEvents({ store: ctx.store, maxPublicStreams: ctx.config.maxEventStreams })
  const pushes = options.pushes ?? createOrderPushes(ctx, { now: options.now })

  /** The contract table, made from the routes below once they are all registered. */
  let table: { lookup: ContractLookup; contracts: RouteContract[] } | undefined
  /** Only until then (never, for a request): nothing is public. */
  const refuseAll: ContractLookup = () => ({ access: 'admin' })
  const app = new Elysia()
    .use(errorHandler())
    .use(accessGuard(ctx, sessions, () => table?.lookup ?? refuseAll))
    .onParse({ as: 'global' }, parseBody)
    .onAfterHandle({ as: 'global' }, async ({ request, set }) => {
      if (isReadMethod(request.method) || requestContract(request)?.changes !== 'public') return
      const status = typeof set.status === 'number' ? set.status : 200
      // Before the answer leaves: the writer's next read, on any instance, sees the change.
      if (status < 400) await publicDataChanged(ctx)
    })
    .use(healthRoutes(ctx))

    .use(assetRoutes())
    .use(authRoutes(ctx, { sessions, throttles }))
    // The API in three groups: one chain of every resource is past what TypeScript instantiates (TS2589).
    .use(menuApi(ctx, options))
    .use(orderApi(ctx, orderEvents, pushes, options))
    .use(accountApi(ctx, pushes, options))
    .use(openapiRoutes(() => table?.contracts ?? []))
    // Unknown /api paths (any method) are a JSON 404, whatever the SPA fallback does.
    .all('/api/*', () => {
      throw new HttpError(404, MESSAGES.notFoundApi)
    })
    .get('/api/*', () => {
      throw new HttpError(404, MESSAGES.notFoundApi)
    })
    .use(landingRoutes(ctx, options.now))
    .use(seoRoutes(ctx, options.now))
    .use(trackingPageRoutes(ctx, options.now))
    .use(ticketRoutes(ctx, sessions))
    .use(adminSpaRoutes(ctx))
  // Made once every route is registered; a route without a declared access stops the start here.
  table = contractTable(app.routes)
  return app
}

/** The menu and the store's settings: what the storefront reads and the owner writes. */
function menuApi(ctx: AppContext, options: AppOptions) {
  return new Elysia({ name: 'menu-api' })
    .use(productRoutes(ctx))
    .use(categoryRoutes(ctx))
    .use(optionGroupRoutes(ctx))
    .use(menuSheetRoutes(ctx))
    .use(ingredientRoutes(ctx))
    .use(coverageZoneRoutes(ctx))
    .use(settingRoutes(ctx))
    .use(storeProfileRoutes(ctx))
    .use(openingHoursRoutes(ctx, options.now))
}

/** Orders from the checkout to the reports. */
function orderApi(ctx: AppContext, orderEvents: OrderEvents, pushes: OrderPushes, options: AppOptions) {
  return new Elysia({ name: 'order-api' })
    .use(orderRoutes(ctx, orderEvents, options.now, pushes))
    .use(orderEditRoutes(ctx, orderEvents, options.now))
    .use(orderSettingsRoutes(ctx, options.now))
    .use(orderSlotsRoutes(ctx, options.now))
    .use(remainingRoutes(ctx, orderEvents, options.now))
    .use(checkoutRoutes(ctx, orderEvents, options.now, pushes))
    .use(diningTableRoutes(ctx, orderEvents, options.now))
    .use(trackingRoutes(ctx, orderEvents, options.now))
    .use(reportRoutes(ctx))
    .use(promotionRoutes(ctx, options.now))
    .use(customerRoutes(ctx, options.now))
    .use(subscriberRoutes(ctx, options.now))
}

/** Photos, keys, accounts (and their devices' avisos, issue #43) and the first load of sample data. */
function accountApi(ctx: AppContext, pushes: OrderPushes, options: AppOptions) {
  return new Elysia({ name: 'account-api' })
    .use(uploadRoutes(ctx))
    .use(apiKeyRoutes(ctx))
    .use(userRoutes(ctx))
    .use(pushRoutes(ctx, pushes, options.now))
    .use(initializeDatabaseRoutes(ctx))
}

export type App = ReturnType<typeof createApp>
