import { Elysia } from 'elysia'
import type { AppContext } from '../context.server'

/**
 * GET /healthz, for load balancers and uptime checks (public, never cached):
 * 200 {"status":"ok"} while the database answers, 503 otherwise. A check that takes
 * longer than 2 s counts as down, so a hung database never hangs the balancer.
 */
export const HEALTH_TIMEOUT_MS = 2_000

export const healthRoutes = (ctx: AppContext) =>
  new Elysia({ name: 'health' }).get('/healthz', async ({ set }) => {
    set.headers['cache-control'] = 'no-store'
    let timer: ReturnType<typeof setTimeout> | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), HEALTH_TIMEOUT_MS)
    })
    try {
      await Promise.race([ctx.store.ping(), timeout])
      return { status: 'ok' }
    } catch {
      set.status = 503
      return { status: 'unavailable', message: 'Sin conexión con la base de datos' }
    } finally {
      clearTimeout(timer)
    }
  })
