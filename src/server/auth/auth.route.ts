import { Elysia } from 'elysia'
import { DEFAULT_ADMIN_PASSWORD, DEFAULT_ADMIN_USERNAME, changePasswordInputSchema, loginInputSchema } from '../../shared/schemas'
import {
  type LoginThrottle,
  type SessionSigner,
  clearedSessionCookie,
  hashPassword,
  isUsableHash,
  sessionCookie,
  sessionUserOf,
  timingDummyHash,
  toSessionUser,
  userFromSession,
  verifyPassword,
} from './auth.server'
import type { AppContext } from '../context.server'
import { HttpError, MESSAGES } from '../http/errors.server'
import { countUsers, getUserByUsername, insertUser, setPassword } from './users.repo.server'

export const LOGIN_FAILED = 'Usuario o contraseña incorrectos'
export const ADMIN_EXISTS = 'El administrador ya existe (already exists). Inicia sesión o usa "Arreglar Usuario Admin" si no puedes entrar.'

/**
 * /api/auth: login, logout, current user, initial administrator, repair, change password.
 * Access rules live in access.server.ts; PUT /password is 'session', the rest public.
 */
export const authRoutes = (ctx: AppContext, deps: { signer: SessionSigner; throttle: LoginThrottle }) =>
  new Elysia({ prefix: '/api/auth' })
    .get('/user', async ({ request }) => {
      const user = await userFromSession(ctx.db, deps.signer, request)
      if (!user) throw new HttpError(401, 'No has iniciado sesión')
      return toSessionUser(user)
    })

    .post(
      '/login',
      async ({ body, request, server, set }) => {
        const ip = server?.requestIP(request)?.address ?? 'local'
        const throttleKey = `${body.username.toLowerCase()}|${ip}`
        const wait = deps.throttle.retryAfter(throttleKey)
        if (wait > 0) {
          set.headers['retry-after'] = String(wait)
          throw new HttpError(429, `Demasiados intentos fallidos. Intenta de nuevo en ${Math.ceil(wait / 60)} minuto(s).`)
        }
        const user = getUserByUsername(ctx.db, body.username)
        const ok = await verifyPassword(body.password, user?.passwordHash ?? (await timingDummyHash()))
        if (!user || !ok) {
          deps.throttle.fail(throttleKey)
          throw new HttpError(401, LOGIN_FAILED)
        }
        deps.throttle.reset(throttleKey)
        set.headers['set-cookie'] = sessionCookie(await deps.signer.sign({ sub: user.id, sv: user.sessionVersion }), request)
        return toSessionUser(user)
      },
      { body: loginInputSchema },
    )

    .post(
      '/logout',
      ({ request, set }) => {
        set.headers['set-cookie'] = clearedSessionCookie(request)
        return { message: 'Sesión cerrada' }
      },
      { parse: 'none' },
    )

    .post(
      '/create-initial-admin',
      async ({ set }) => {
        if (countUsers(ctx.db) > 0) throw new HttpError(409, ADMIN_EXISTS)
        const passwordHash = await hashPassword(DEFAULT_ADMIN_PASSWORD)
        // Checked again inside the write: two simultaneous calls create one admin.
        const created = ctx.db.transaction(() =>
          countUsers(ctx.db) > 0 ? null : insertUser(ctx.db, { username: DEFAULT_ADMIN_USERNAME, passwordHash, usesDefaultPassword: true }),
        ).immediate()
        if (!created) throw new HttpError(409, ADMIN_EXISTS)
        set.status = 201
        return { message: `Usuario administrador creado: ${DEFAULT_ADMIN_USERNAME} / ${DEFAULT_ADMIN_PASSWORD}. Cambia la contraseña después de iniciar sesión.` }
      },
      { parse: 'none' },
    )

    .post(
      '/reset-admin',
      async () => {
        const admin = getUserByUsername(ctx.db, DEFAULT_ADMIN_USERNAME)
        if (!admin) throw new HttpError(404, 'No existe el usuario administrador. Créalo primero.')
        if (await isUsableHash(admin.passwordHash)) {
          throw new HttpError(409, 'El usuario administrador está en buen estado; no hay nada que arreglar. Inicia sesión con tu contraseña.')
        }
        setPassword(ctx.db, admin.id, await hashPassword(DEFAULT_ADMIN_PASSWORD), true)
        return { message: '¡Admin arreglado! Ahora puedes iniciar sesión.' }
      },
      { parse: 'none' },
    )

    .put(
      '/password',
      async ({ body, request, set }) => {
        const user = sessionUserOf(request)
        if (!user) throw new HttpError(401, MESSAGES.unauthenticated)
        if (!(await verifyPassword(body.currentPassword, user.passwordHash))) {
          throw new HttpError(400, 'La contraseña actual no es correcta', [{ path: 'currentPassword', message: 'La contraseña actual no es correcta' }])
        }
        const updated = setPassword(ctx.db, user.id, await hashPassword(body.newPassword), body.newPassword === DEFAULT_ADMIN_PASSWORD)
        if (!updated) throw new HttpError(401, MESSAGES.unauthenticated)
        // Every older session ends (the version went up); this one continues with a fresh token.
        set.headers['set-cookie'] = sessionCookie(await deps.signer.sign({ sub: updated.id, sv: updated.sessionVersion }), request)
        return { message: 'Contraseña actualizada', user: toSessionUser(updated) }
      },
      { body: changePasswordInputSchema },
    )
