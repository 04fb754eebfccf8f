/**
 * A route's contract, declared once in the route's own options (decision 020):
 *
 *   .put('/:id', handler, {
 *     access: 'admin',                 // who may call it (ACCESS below)
 *     changes: 'public',               // it changes what the public pages and cached reads show
 *     params: idParam, body: productInputSchema, response: productSchema,   // the shared zod schemas
 *     detail: { summary: 'Actualizar un producto', tags: ['Productos'] },
 *   })
 *
 * Elysia validates params, query and body with those schemas (its VALIDATION error
 * becomes our Spanish 400 in error-handler.server.ts) and checks every answer against
 * `response`. Everything else is DERIVED from the app's route list (`app.routes`), so
 * no path or rule is written a second time:
 *  - the access guard (access/access-guard.server.ts) looks the request up in `contractTable`
 *    before routing or reading the body;
 *  - `changes` makes app.ts invalidate the cached public reads after a successful write;
 *  - the OpenAPI document (openapi/openapi-document.server.ts) and the admin's typed
 *    client (Eden Treaty over `type App`) read the same declarations.
 *
 * The macros only record their value in the route's `detail` (under `x-…` keys, which
 * OpenAPI allows): the work is done once per request by the guard, not per route.
 */
import { type DocumentDecoration, Elysia } from 'elysia'
import { Memoirist } from 'memoirist'
import type { StartupList } from '../db/startup-reads.server'
import { ACCESS, type Access, type BodyLimit, type Changes, type DecidedContract, type RouteHooks } from './request-contract.server'
import { isReadMethod } from './same-origin.server'

export type { Access, BodyLimit, Changes, RouteHooks }

/** The contract of one route as the guard and the document read it. */
export type RouteContract = {
  method: string
  path: string
  access: Access
  changes?: Changes
  bodyLimit?: BodyLimit
  /** A cached public list the release binary reads without the app at start (db/startup-reads.server.ts). */
  startupRead?: StartupList
  /** The route's Elysia hooks: params, query, body, response schemas and detail. */
  hooks: RouteHooks
}

const X_ACCESS = 'x-access'
const X_CHANGES = 'x-changes'
const X_BODY_LIMIT = 'x-body-limit'
const X_STARTUP_READ = 'x-startup-read'

/** A macro's value kept in the route's `detail` (an OpenAPI extension field). */
const recorded = (name: string, value: unknown) => ({ detail: { [name]: value } as DocumentDecoration })

/**
 * The macros every resource module uses (`new Elysia({ prefix }).use(routeContract)`), so
 * its options type-check: `access` is required in spirit, and a route without it is
 * refused when the app is made (contractTable).
 */
export const routeContract = new Elysia({ name: 'route-contract' }).macro({
  access: (rule: Access) => recorded(X_ACCESS, rule),
  changes: (what: Changes) => recorded(X_CHANGES, what),
  bodyLimit: (limit: BodyLimit) => recorded(X_BODY_LIMIT, limit),
  startupRead: (list: StartupList) => recorded(X_STARTUP_READ, list),
})

type ElysiaRoute = { method: string; path: string; hooks?: unknown }

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null

/** Reads one route of `app.routes` into its contract; null for routes outside the API. */
export function contractOf(route: ElysiaRoute): RouteContract | null {
  if (!route.path.startsWith('/api/') || route.path.endsWith('*')) return null
  const hooks = (isRecord(route.hooks) ? route.hooks : {}) as RouteHooks
  const detail = hooks.detail ?? {}
  const access = detail[X_ACCESS]
  if (typeof access !== 'string' || !(ACCESS as readonly string[]).includes(access)) {
    throw new Error(`La ruta ${route.method} ${route.path} no declara quién puede llamarla (access)`)
  }
  return {
    method: route.method,
    // A resource's list is declared as '/' under its prefix: '/api/products/' is served as '/api/products'.
    path: route.path.replace(/\/+$/, ''),
    access: access as Access,
    changes: detail[X_CHANGES] === 'public' ? 'public' : undefined,
    bodyLimit: isRecord(detail[X_BODY_LIMIT]) ? (detail[X_BODY_LIMIT] as BodyLimit) : undefined,
    startupRead: typeof detail[X_STARTUP_READ] === 'string' ? (detail[X_STARTUP_READ] as StartupList) : undefined,
    hooks,
  }
}

/**
 * What the guard decides for a path nobody declared: reads are public (a 404 follows), writes
 * need a session (then the 404), and the body is never read (json-body.server.ts).
 */
const UNDECLARED_READ: DecidedContract = Object.freeze({ access: 'public', undeclared: true })
const UNDECLARED_WRITE: DecidedContract = Object.freeze({ access: 'admin', undeclared: true })
const undeclared = (method: string): DecidedContract => (isReadMethod(method) ? UNDECLARED_READ : UNDECLARED_WRITE)

export type ContractLookup = (method: string, pathname: string) => DecidedContract

/**
 * The contracts of every /api route, found by method and path with the same kind of
 * router Elysia uses (memoirist), so `/api/orders/summary` beats `/api/orders/:id`
 * exactly as it does in the app. HEAD is looked up as GET.
 */
export function contractTable(routes: readonly ElysiaRoute[]): { lookup: ContractLookup; contracts: RouteContract[] } {
  const router = new Memoirist<RouteContract>()
  const contracts: RouteContract[] = []
  for (const route of routes) {
    const contract = contractOf(route)
    if (!contract) continue
    contracts.push(contract)
    router.add(contract.method, contract.path, contract)
  }
  const lookup: ContractLookup = (method, pathname) => {
    const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
    const asked = method === 'HEAD' ? 'GET' : method
    return router.find(asked, path)?.store ?? undeclared(method)
  }
  return { lookup, contracts }
}

