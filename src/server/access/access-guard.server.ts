/**
 * The access guard: runs on every /api request before routing, body parsing or
 * validation (decision 004), and applies the route's declared `access`
 * (http/route-contract.server.ts), looked up in the table made from the app's routes:
 *
 *  - public: anyone. A credential is not looked at, so a client that sends its API key
 *    on every call gets exactly what an anonymous caller gets;
 *  - staff: a live server-side session of any active account (401), never an API key (403);
 *  - admin: the same, of an administrator ('Cocina / caja' accounts get 403);
 *  - adminOrKey / staffOrKey: such a session, or an active API key, which is recorded (lastUsedAt);
 *  - a session still on the initial password may only read, sign out and change it (403),
 *    unless the request comes from this machine (decision 029);
 *  - a cookie write must come from this site (403), see `sameOrigin`; only a valid API key
 *    waives that;
 *  - a declared body over the route's limit is refused (413) before a byte is read.
 * Who asked is recorded for the routes (principal.server.ts), and so is the contract
 * (`requestContract`): the body reader, the cache and app.ts's invalidation read it.
 */
import { Elysia } from 'elysia'
import { presentedApiKey } from '../api-keys/api-key-auth.server'
import { useApiKey } from '../api-keys/api-keys.repo.server'
import { type SessionService, sessionToken } from '../auth/sessions.server'
import type { UserRecord } from '../auth/users.repo.server'
import type { AppContext } from '../context.server'
import { clientOf } from '../http/client.server'
import { MESSAGES, jsonError } from '../http/errors.server'
import { MAX_JSON_BODY_BYTES } from '../http/json-body.server'
import { isApiPath, pathnameOf } from '../http/request-path.server'
import { rememberContract } from '../http/request-contract.server'
import type { ContractLookup } from '../http/route-contract.server'
import { isReadMethod, sameOrigin } from '../http/same-origin.server'
import { setPrincipal } from './principal.server'

/**
 * The initial password protects nothing (decision 029): a session signed in with it may read,
 * sign out and change that password; any other write is refused unless it comes from this
 * machine (the owner's local set-up, as the client address is read with TRUST_PROXY).
 */
const ALLOWED_WITH_INITIAL_PASSWORD = new Set(['PUT /api/auth/password', 'POST /api/auth/logout'])

/** `table()`: the app's contract lookup, made once the app's routes are all registered (app.ts). */
export const accessGuard = (ctx: AppContext, sessions: SessionService, table: () => ContractLookup) => {
  const refusedWithInitialPassword = (user: UserRecord, method: string, pathname: string, request: Request) =>
    user.usesDefaultPassword &&
    !ALLOWED_WITH_INITIAL_PASSWORD.has(`${method} ${pathname.replace(/\/+$/, '')}`) &&
    !clientOf(request, ctx.config.trustProxy).local
  return new Elysia({ name: 'access-guard' }).onRequest(async ({ request, set }) => {
    const pathname = pathnameOf(request.url)
    if (!isApiPath(pathname)) return
    const method = request.method
    const contract = table()(method, pathname)
    rememberContract(request, contract)
    const read = isReadMethod(method)

    // Anything personal or state-changing is never stored by a cache. The anonymous
    // menu reads set their own validators (cache/); setting a header here costs every
    // one of them a header merge (~30% of throughput, scripts/bench.ts).
    if (contract.access !== 'public' || !read || pathname.startsWith('/api/auth/')) set.headers['cache-control'] = 'no-store'

    // Read once, only where it matters: a public read never looks at a key.
    const key = contract.access !== 'public' || !read ? presentedApiKey(request) : null
    /** Whether the write was made with a VALID key: only that waives the origin check (a made-up key waives nothing). */
    let keyed = false
    if (contract.access !== 'public') {
      if (key !== null) {
        if (contract.access !== 'adminOrKey' && contract.access !== 'staffOrKey') return jsonError(403, MESSAGES.keyScope)
        const apiKey = await useApiKey(ctx.db, key)
        if (!apiKey) return jsonError(401, MESSAGES.badKey)
        setPrincipal(request, { kind: 'apiKey', key: apiKey })
        keyed = true
      } else {
        const resolved = await sessions.resolve(sessionToken(request))
        if (!resolved) return jsonError(401, MESSAGES.unauthenticated)
        if (resolved.user.role !== 'admin' && (contract.access === 'admin' || contract.access === 'adminOrKey')) return jsonError(403, MESSAGES.staffScope)
        if (!read && refusedWithInitialPassword(resolved.user, method, pathname, request)) return jsonError(403, MESSAGES.initialPassword)
        setPrincipal(request, { kind: 'session', ...resolved })
      }
    } else if (key !== null) {
      // A public write (logout, checkout) presenting a key: the key counts only if it is one of ours.
      keyed = (await useApiKey(ctx.db, key)) !== null
    }
    // Only a request that may carry a cookie is held to the site's origin (valid API-key writes are exempt).
    if (!read && !keyed && !sameOrigin(request, clientOf(request, ctx.config.trustProxy).origin)) {
      return jsonError(403, MESSAGES.badOrigin)
    }

    // Nothing reads the body of a read, nor of a path no route declares (its answer is the 404).
    if (read || contract.undeclared) return
    const limit = contract.bodyLimit ?? { bytes: MAX_JSON_BODY_BYTES, message: MESSAGES.tooLarge }
    if (Number(request.headers.get('content-length') ?? 0) > limit.bytes) return jsonError(413, limit.message)
    // Chunked bodies have no length to check up front: the readers cap them while streaming.
  })
}
