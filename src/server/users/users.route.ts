import { Elysia } from 'elysia'
import { z } from 'zod'
import { type StaffUser, userIdParam, userInputSchema, userUpdateSchema } from '../../shared/schemas'
import { deletedUserSchema, staffUserSchema } from '../../shared/schemas/responses'
import { sessionOf } from '../access/principal.server'
import { hashPassword } from '../auth/passwords.server'
import type { AppContext } from '../context.server'
import { HttpError } from '../http/errors.server'
import { routeContract } from '../http/route-contract.server'
import { UserRefusal, createUser, deleteUser, listUsers, updateUser } from './users.repo.server'

const tags = ['Usuarios']

/** A refusal of the rules (not found, taken name, the last administrator) as the client gets it. */
async function refusing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof UserRefusal) throw new HttpError(error.status, error.message)
    throw error
  }
}

/**
 * /api/admin/users (administrators only, like everything under /api/admin): the staff
 * accounts. Roles: 'admin' (Administrador) and 'staff' (Cocina / caja). The last active
 * administrator cannot be demoted, disabled or deleted; a disabled account's sessions end.
 */
export const userRoutes = (ctx: AppContext) =>
  new Elysia({ prefix: '/api/admin/users' })
    .use(routeContract)
    .get('/', () => listUsers(ctx.db), {
      access: 'admin',
      response: z.array(staffUserSchema),
      detail: { summary: 'Cuentas del panel', tags },
    })
    .post(
      '/',
      async ({ body, set }): Promise<StaffUser> => {
        const passwordHash = await hashPassword(body.password)
        const user = await refusing(() => createUser(ctx.db, { username: body.username, passwordHash, role: body.role, active: body.active }))
        set.status = 201
        return user
      },
      { access: 'admin', body: userInputSchema, response: { 201: staffUserSchema }, detail: { summary: 'Crear una cuenta', description: 'Nombre de usuario repetido: 409.', tags } },
    )
    .patch(
      '/:id',
      async ({ params, body }) => {
        const passwordHash = body.password ? await hashPassword(body.password) : undefined
        return refusing(() => updateUser(ctx.db, params.id, { role: body.role, active: body.active, passwordHash }))
      },
      {
        access: 'admin',
        params: userIdParam,
        body: userUpdateSchema,
        response: staffUserSchema,
        detail: { summary: 'Cambiar rol, desactivar o restablecer la contraseña', description: 'Desactivar o cambiar la contraseña cierra sus sesiones. Dejar sin administrador activo: 409.', tags },
      },
    )
    .delete(
      '/:id',
      async ({ params, request }) => {
        if (sessionOf(request)?.user.id === params.id) throw new HttpError(409, 'No puedes borrar tu propia cuenta')
        await refusing(() => deleteUser(ctx.db, params.id))
        return { message: 'Usuario eliminado', id: params.id }
      },
      { access: 'admin', params: userIdParam, parse: 'none', response: deletedUserSchema, detail: { summary: 'Borrar una cuenta', tags } },
    )
