import { Elysia } from 'elysia'
import { z } from 'zod'
import { categoryInputSchema, categorySchema, categorySlugParam, categoryUpdateSchema } from '../../shared/schemas/category'
import { messageSchema } from '../../shared/schemas/responses'
import type { AppContext } from '../context.server'
import { cachedJson } from '../cache/cached-json.server'
import { inTransaction, lockMenuWrites } from '../db/database.server'
import { HttpError, notFound } from '../http/errors.server'
import { routeContract } from '../http/route-contract.server'
import { promotionsNamingRefusal } from '../promotions/promotions.repo.server'
import { countProductsIn, createCategory, deleteCategory, getCategory, listCategories, updateCategory } from './categories.repo.server'

const NOT_FOUND = 'Categoría no encontrada'

const tags = ['Categorías']

/** The owner's menu categories (issue #31, DESIGN "The menu as the restaurant has it"). */
export const categoryRoutes = (ctx: AppContext) =>
  new Elysia({ prefix: '/api/categories' })
    .use(routeContract)
    .get('/', ({ request }) => cachedJson(ctx, request, () => listCategories(ctx.db)), {
      access: 'public',
      response: z.array(categorySchema),
      detail: {
        summary: 'Categorías del menú',
        description: 'Las pestañas del menú son las visibles, en `displayOrder`. `windows`: los horarios en que se sirven sus platillos (vacío: siempre que el restaurante está abierto). Respuesta en caché, con ETag.',
        tags,
      },
    })
    .post(
      '/',
      async ({ body, set }) => {
        const category = await inTransaction(ctx.db, async (trx) => {
          await lockMenuWrites(trx)
          if (await getCategory(trx, body.slug)) throw new HttpError(409, `Ya existe la categoría ${body.slug}`)
          return createCategory(trx, body)
        })
        set.status = 201
        return category
      },
      { access: 'admin', changes: 'public', body: categoryInputSchema, response: { 201: categorySchema }, detail: { summary: 'Crear una categoría', tags } },
    )
    .put(
      '/:slug',
      async ({ params, body }) => {
        const category = await updateCategory(ctx.db, params.slug, body)
        if (!category) throw notFound(NOT_FOUND)
        return category
      },
      {
        access: 'admin',
        changes: 'public',
        params: categorySlugParam,
        body: categoryUpdateSchema,
        response: categorySchema,
        detail: { summary: 'Actualizar una categoría', description: 'Nombre, orden, visibilidad y horarios; el slug no cambia.', tags },
      },
    )
    .delete(
      '/:slug',
      ({ params }) =>
        inTransaction(ctx.db, async (trx) => {
          await lockMenuWrites(trx)
          if (!(await getCategory(trx, params.slug))) throw notFound(NOT_FOUND)
          const products = await countProductsIn(trx, params.slug)
          if (products > 0) throw new HttpError(409, `La categoría todavía tiene ${products} ${products === 1 ? 'producto' : 'productos'}; muévelos antes de borrarla`)
          // Made again later under the same slug, it would bring the promotion to other dishes (issue #39).
          const named = await promotionsNamingRefusal(trx, { category: params.slug })
          if (named) throw new HttpError(409, named)
          await deleteCategory(trx, params.slug)
          return { message: 'Categoría eliminada', slug: params.slug }
        }),
      {
        access: 'admin',
        changes: 'public',
        params: categorySlugParam,
        parse: 'none',
        response: messageSchema.extend({ slug: z.string() }),
        detail: { summary: 'Borrar una categoría', description: 'Solo si no tiene productos ni la nombra una promoción (409 si no).', tags },
      },
    )
