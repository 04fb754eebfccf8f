import { Elysia } from 'elysia'
import { z } from 'zod'
import {
  type ActiveSession,
  DEFAULT_ADMIN_PASSWORD,
  DEFAULT_ADMIN_USERNAME,
  changePasswordInputSchema,
  loginInputSchema,
} from '../../shared/schemas'
import { activeSessionSchema, messageSchema, passwordChangedSchema, sessionUserSchema, sessionsEndedSchema } from '../../shared/schemas/responses'
import type { AppContext } from '../context.server'
import { clientOf } from '../http/client.server'
import { HttpError, MESSAGES, tooManyAttempts } from '../http/errors.server'
import { routeContract } from '../http/route-contract.server'
import { sessionOf } from '../access/principal.server'
import { knownDevices } from './known-device.server'
import { hashPassword, isWellFormedHash, timingDummyHash, verifyPassword } from './passwords.server'
import { type SessionService, clearedSessionCookie, sessionCookie, sessionToken } from './sessions.server'
import type { AttemptLimiter, AuthThrottles } from './throttle.server'
import { type UserRecord, countUsers, getUserByUsername, insertFirstUser, setPassword } from './users.repo.server'

const tags = ['Cuenta']

export const LOGIN_FAILED = 'Usuario o contraseña incorrectos'
export const ADMIN_EXISTS = 'El administrador ya existe (already exists). Inicia sesión o usa “Arreglar Usuario Admin” si no puedes entrar.'

const toSessionUser = (u: UserRecord) => ({ id: u.id, username: u.username, usesDefaultPassword: u.usesDefaultPassword, role: u.role })

/**
 * /api/auth: login, logout, current user, initial administrator, repair, change
 * password, and the account's active sessions. PUT /password and /sessions need a
 * session, the rest is public (each route says so).
 * Every call that can run argon2 is throttled BEFORE it does (throttle.server.ts).
 */
export const authRoutes = (ctx: AppContext, deps: { sessions: SessionService; throttles: AuthThrottles }) => {
  const { sessions, throttles } = deps
  const devices = knownDevices(ctx.config.sessionSecret)
  const client = (request: Request) => clientOf(request, ctx.config.trustProxy)
  const take = async (limiter: AttemptLimiter, key: string) => {
    const wait = await limiter.take(key)
    if (wait > 0) throw tooManyAttempts(wait)
  }

  return new Elysia({ prefix: '/api/auth' })
    .use(routeContract)
    .get(
      '/user',
      async ({ request }) => {
        const resolved = await sessions.resolve(sessionToken(request))
        if (!resolved) throw new HttpError(401, 'No has iniciado sesión')
        return toSessionUser(resolved.user)
      },
      { access: 'public', response: sessionUserSchema, detail: { summary: 'Quién inició sesión', description: 'Sin sesión: 401.', tags } },
    )

    .post(
      '/login',
      async ({ body: input, request, set }) => {
      const { address, https } = client(request)
      // DOMAIN mode: a cookie sent in clear could be read on the way; sign-ins wait for HTTPS.
      if (ctx.config.https && !https) throw new HttpError(403, `Inicia sesión por HTTPS: https://${ctx.config.https.domain}/login`)
      const username = input.username.toLowerCase()
      const accountKey = `${username}|${address}`
      await take(throttles.loginPerAccount, accountKey)
      await take(throttles.loginPerAddress, address)
      // Across every address too, unless this browser has signed in to the account before.
      const knownDevice = devices.knows(request, username)
      if (!knownDevice) await take(throttles.loginPerUsername, username)
      const user = await getUserByUsername(ctx.db, input.username)
      const ok = await verifyPassword(input.password, user?.passwordHash ?? (await timingDummyHash()))
      if (!user || !ok) throw new HttpError(401, LOGIN_FAILED)
      // Said only to whoever knows the password: a disabled account is not a wrong password.
      if (!user.active) throw new HttpError(403, 'Tu cuenta está desactivada; pide a un administrador que la active')
      await throttles.loginPerAccount.clear(accountKey)
      if (!knownDevice) await throttles.loginPerUsername.clear(username)
      const { token } = await sessions.start(user.id, request.headers.get('user-agent'))
      set.headers['set-cookie'] = [sessionCookie(token, https), devices.cookie(username, https)]
      return toSessionUser(user)
      },
      {
        access: 'public',
        body: loginInputSchema,
        response: sessionUserSchema,
        detail: { summary: 'Iniciar sesión', description: 'Deja la cookie de sesión (HttpOnly, 7 días). 5 intentos fallidos en 15 minutos: 429.', tags },
      },
    )

    .post(
      '/logout',
      async ({ request, set }) => {
        await sessions.end(sessionToken(request))
        set.headers['set-cookie'] = clearedSessionCookie(client(request).https)
        return { message: 'Sesión cerrada' }
      },
      { access: 'public', parse: 'none', response: messageSchema, detail: { summary: 'Cerrar sesión', tags } },
    )

    .post(
      '/create-initial-admin',
      async ({ request, set }) => {
        if ((await countUsers(ctx.db)) > 0) throw new HttpError(409, ADMIN_EXISTS)
        await take(throttles.setup, client(request).address)
        const passwordHash = await hashPassword(DEFAULT_ADMIN_PASSWORD)
        // Checked again inside the write: two simultaneous calls (on one instance or two) create one admin.
        const created = await insertFirstUser(ctx.db, { username: DEFAULT_ADMIN_USERNAME, passwordHash, usesDefaultPassword: true })
        if (!created) throw new HttpError(409, ADMIN_EXISTS)
        set.status = 201
        return { message: `Usuario administrador creado: ${DEFAULT_ADMIN_USERNAME} / ${DEFAULT_ADMIN_PASSWORD}. Cambia la contraseña después de iniciar sesión.` }
      },
      {
        access: 'public',
        parse: 'none',
        response: { 201: messageSchema },
        detail: { summary: 'Crear el administrador inicial', description: 'Solo mientras no existe ninguno; después: 409.', tags },
      },
    )

    .post(
      '/reset-admin',
      async ({ request }) => {
        await take(throttles.setup, client(request).address)
        const admin = await getUserByUsername(ctx.db, DEFAULT_ADMIN_USERNAME)
        if (!admin) throw new HttpError(404, 'No existe el usuario administrador. Créalo primero.')
        // "Broken" is decided by the hash's format alone: no argon2 work per call.
        if (isWellFormedHash(admin.passwordHash)) {
          throw new HttpError(409, 'El usuario administrador está en buen estado; no hay nada que arreglar. Inicia sesión con tu contraseña.')
        }
        await setPassword(ctx.db, admin.id, await hashPassword(DEFAULT_ADMIN_PASSWORD), true)
        await sessions.endOthers(admin.id, null)
        return { message: '¡Admin arreglado! Ahora puedes iniciar sesión.' }
      },
      {
        access: 'public',
        parse: 'none',
        response: messageSchema,
        detail: { summary: 'Arreglar el usuario admin', description: 'Solo si su contraseña guardada está dañada; si está bien: 409.', tags },
      },
    )

    .put(
      '/password',
      async ({ body: input, request }) => {
      const current = sessionOf(request)
      if (!current) throw new HttpError(401, MESSAGES.unauthenticated)
      const key = `${current.user.id}|${client(request).address}`
      await take(throttles.passwordChange, key)
      if (!(await verifyPassword(input.currentPassword, current.user.passwordHash))) {
        throw new HttpError(400, 'La contraseña actual no es correcta', [{ path: 'currentPassword', message: 'La contraseña actual no es correcta' }])
      }
      await throttles.passwordChange.clear(key)
      const updated = await setPassword(ctx.db, current.user.id, await hashPassword(input.newPassword), input.newPassword === DEFAULT_ADMIN_PASSWORD)
      if (!updated) throw new HttpError(401, MESSAGES.unauthenticated)
      // Every other session ends; this one continues.
      await sessions.endOthers(updated.id, current.session.id)
      return { message: 'Contraseña actualizada', user: toSessionUser(updated) }
      },
      {
        access: 'staff',
        body: changePasswordInputSchema,
        response: passwordChangedSchema,
        detail: { summary: 'Cambiar la contraseña', description: 'Cierra todas las demás sesiones de la cuenta.', tags },
      },
    )

    .get(
      '/sessions',
      async ({ request }): Promise<ActiveSession[]> => {
      const current = sessionOf(request)
      if (!current) throw new HttpError(401, MESSAGES.unauthenticated)
      return (await sessions.list(current.user.id)).map((s) => ({
        id: s.id,
        createdAt: s.createdAt,
        lastUsedAt: s.lastUsedAt,
        userAgent: s.userAgent,
        current: s.id === current.session.id,
      }))
      },
      { access: 'staff', response: z.array(activeSessionSchema), detail: { summary: 'Sesiones abiertas de la cuenta', tags } },
    )

    .delete(
      '/sessions/others',
      async ({ request }) => {
        const current = sessionOf(request)
        if (!current) throw new HttpError(401, MESSAGES.unauthenticated)
        const ended = await sessions.endOthers(current.user.id, current.session.id)
        return { message: ended === 1 ? 'Se cerró 1 sesión' : `Se cerraron ${ended} sesiones`, ended }
      },
      { access: 'staff', parse: 'none', response: sessionsEndedSchema, detail: { summary: 'Cerrar las demás sesiones', tags } },
    )
}
