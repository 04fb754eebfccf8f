import { Elysia } from 'elysia'
import { z } from 'zod'
import { idParam } from '../../shared/schemas'
import { optionAvailabilityInputSchema, optionGroupInputSchema } from '../../shared/schemas/option-group'
import { deletedSchema, optionGroupSchema } from '../../shared/schemas/responses'
import type { AppContext } from '../context.server'
import { cachedJson } from '../cache/cached-json.server'
import { inTransaction, lockMenuWrites } from '../db/database.server'
import { HttpError, MESSAGES, notFound } from '../http/errors.server'
import { routeContract } from '../http/route-contract.server'
import {
  countProductsUsing,
  createOptionGroup,
  deleteOptionGroup,
  getOptionGroup,
  listOptionGroups,
  setOptionAvailability,
  updateOptionGroup,
} from './option-groups.repo.server'

const NOT_FOUND = 'Grupo de opciones no encontrado'
const OPTION_NOT_FOUND = 'Opción no encontrada'

const tags = ['Opciones']

/**
 * Option groups (issue #32, DESIGN "The menu as the restaurant has it"): 'Leche', '¿Qué
 * proteína?'. The list is a public read, cached like the menu; every write, the staff's
 * 'Agotado' included, declares `changes: 'public'`, so the cached menu, the landing page (a
 * required group with nothing left sells its dish out) and this list are made again.
 * Writes that check the menu take the menu's lock (lockMenuWrites), as saving a product does:
 * a product cannot be saved naming a group while that group is being deleted.
 */
export const optionGroupRoutes = (ctx: AppContext) =>
  new Elysia({ prefix: '/api/option-groups' })
    .use(routeContract)
    .get('/', ({ request }) => cachedJson(ctx, request, () => listOptionGroups(ctx.db)), {
      access: 'public',
      response: z.array(optionGroupSchema),
      detail: {
        summary: 'Grupos de opciones',
        description:
          "Las elecciones que piden los platillos ('Leche', '¿Qué proteína?'), con sus opciones en orden. Un producto los nombra en `optionGroupIds`. Respuesta en caché, con ETag.",
        tags,
      },
    })
    .post(
      '/',
      async ({ body, set }) => {
        const group = await createOptionGroup(ctx.db, body)
        set.status = 201
        return group
      },
      { access: 'admin', changes: 'public', body: optionGroupInputSchema, response: { 201: optionGroupSchema }, detail: { summary: 'Crear un grupo de opciones', tags } },
    )
    .put(
      '/:id',
      async ({ params, body }) => {
        const result = await inTransaction(ctx.db, async (trx) => {
          await lockMenuWrites(trx)
          return updateOptionGroup(trx, params.id, body)
        })
        if (result.kind === 'notFound') throw notFound(NOT_FOUND)
        if (result.kind === 'foreignOption') throw new HttpError(400, MESSAGES.invalidData, [{ path: `options.${result.index}.id`, message: 'Opción inválida' }])
        return result.group
      },
      {
        access: 'admin',
        changes: 'public',
        params: idParam,
        body: optionGroupInputSchema,
        response: optionGroupSchema,
        detail: {
          summary: 'Actualizar un grupo de opciones',
          description:
            'Reemplaza el grupo completo. Una opción enviada con su `id` lo conserva (los carritos y pedidos la nombran por él); una sin `id` es nueva; una que no se envía se borra. Un `id` que no es de este grupo: 400.',
          tags,
        },
      },
    )
    .patch(
      // The option is named in the body, not the path: a segment called 'options' is an HTTP method to Eden's typed client.
      '/:id/availability',
      async ({ params, body }) => {
        const group = await setOptionAvailability(ctx.db, params.id, body.optionId, body.available)
        if (!group) throw notFound(OPTION_NOT_FOUND)
        return group
      },
      {
        access: 'staff',
        changes: 'public',
        params: idParam,
        body: optionAvailabilityInputSchema,
        response: optionGroupSchema,
        detail: {
          summary: "Marcar una opción como 'Agotado' o disponible",
          description: 'Lo único que una cuenta de Cocina / caja puede cambiar de un grupo. Un platillo con un grupo obligatorio sin opciones disponibles queda agotado.',
          tags,
        },
      },
    )
    .delete(
      '/:id',
      ({ params }) =>
        inTransaction(ctx.db, async (trx) => {
          await lockMenuWrites(trx)
          if (!(await getOptionGroup(trx, params.id))) throw notFound(NOT_FOUND)
          // Refused rather than leaving products naming a group that is gone: the owner decides what they ask instead.
          const products = await countProductsUsing(trx, params.id)
          if (products > 0) {
            throw new HttpError(409, `${products === 1 ? 'Un producto usa' : `${products} productos usan`} este grupo; quítalo de ${products === 1 ? 'ese producto' : 'esos productos'} antes de borrarlo`)
          }
          await deleteOptionGroup(trx, params.id)
          return { message: 'Grupo de opciones eliminado', id: params.id }
        }),
      {
        access: 'admin',
        changes: 'public',
        params: idParam,
        parse: 'none',
        response: deletedSchema,
        detail: { summary: 'Borrar un grupo de opciones', description: 'Solo si ningún producto lo usa (409 si alguno lo usa).', tags },
      },
    )
