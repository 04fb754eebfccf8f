/**
 * The contract the access guard decided for a request, kept beside the request for the
 * modules that run after it (the body reader, the cache, app.ts's invalidation). Apart
 * from route-contract.server.ts because the fast path's cache reads it: this module
 * loads nothing (not Elysia), so a start stays as light as decision 016 measured.
 */

/**
 * Who may call a route.
 *   public      anyone; a credential (session or API key) is neither needed nor checked,
 *               so a client that sends its key on every call gets what anyone gets
 *   staff       any signed-in account: an administrator or 'Cocina / caja' (decision 025)
 *   staffOrKey  any signed-in account or an active API key (the point-of-sale)
 *   admin       a signed-in administrator
 *   adminOrKey  a signed-in administrator or an active API key
 */
export const ACCESS = ['public', 'staff', 'staffOrKey', 'admin', 'adminOrKey'] as const
export type Access = (typeof ACCESS)[number]

/** What a successful write invalidates: 'public' = the cached public reads and the landing page. */
export type Changes = 'public'

/** A request body larger than JSON's 1 MB, read by its route (uploads). */
export type BodyLimit = {
  bytes: number
  message: string
  /** The multipart file the route reads (the API document's request body); a photo in `image` when absent. */
  file?: { field: string; media: string; description: string }
}

export type RouteHooks = {
  params?: unknown
  query?: unknown
  body?: unknown
  response?: unknown
  detail?: Record<string, unknown>
}

/**
 * What the guard decided for one request. `undeclared`: no route has this method and path, so
 * the app answers 404 and nothing may read the body (whatever its type: a 404, never a 400).
 */
export type DecidedContract = { access: Access; changes?: Changes; bodyLimit?: BodyLimit; hooks?: RouteHooks; undeclared?: true }

const decided = new WeakMap<Request, DecidedContract>()

/** Recorded by the access guard for each /api request, before anything else reads it. */
export const rememberContract = (request: Request, contract: DecidedContract) => decided.set(request, contract)

/** The contract the guard applied to this /api request (undefined outside /api). */
export const requestContract = (request: Request): DecidedContract | undefined => decided.get(request)
