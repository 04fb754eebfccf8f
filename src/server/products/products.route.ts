import { Elysia } from 'elysia'
import { z } from 'zod'
import { type ProductData, categorySlugSchema, idParam, productAvailabilityInputSchema, productInputSchema } from '../../shared/schemas'
import { deletedSchema, productSchema } from '../../shared/schemas/responses'
import type { AppContext } from '../context.server'
import { type Db, inTransaction, lockMenuWrites } from '../db/database.server'
import { cachedJson } from '../cache/cached-json.server'
import { HttpError, MESSAGES, notFound } from '../http/errors.server'
import { routeContract } from '../http/route-contract.server'
import { missingIngredientIds } from '../ingredients/ingredients.repo.server'
import { categoryExists } from '../categories/categories.repo.server'
import { missingOptionGroupIds } from '../option-groups/option-groups.repo.server'
import { promotionsNamingRefusal } from '../promotions/promotions.repo.server'
import {
  createProduct,
  deleteProduct,
  getProduct,
  listProducts,
  listProductsByCategory,
  setProductAvailability,
  updateProduct,
} from './products.repo.server'

const NOT_FOUND = 'Producto no encontrado'

/** Any category's slug (issue #31); one that does not exist is 400 'Categoría inválida' too. */
export const productCategoryParam = z.object({ category: categorySlugSchema })

/** The product's category must exist (issue #31: the owner's categories): 400 otherwise. */
async function assertCategoryExists(db: Db, data: ProductData) {
  if (!(await categoryExists(db, data.category))) throw new HttpError(400, MESSAGES.invalidData, [{ path: 'category', message: 'Categoría inválida' }])
}

/** Every id in the three lists must be an existing ingredient: 400 naming the field otherwise. */
async function assertIngredientsExist(db: Db, data: ProductData) {
  const issues: { path: string; message: string }[] = []
  for (const field of ['availableSauces', 'baseIngredientIds', 'extraIngredientIds'] as const) {
    const missing = await missingIngredientIds(db, data[field])
    if (missing.length) issues.push({ path: field, message: `Ingredientes inexistentes: ${missing.join(', ')}` })
  }
  if (issues.length) throw new HttpError(400, MESSAGES.invalidData, issues)
}

/** Every option group the product names must exist (issue #32): 400 otherwise. */
async function assertOptionGroupsExist(db: Db, data: ProductData) {
  const missing = await missingOptionGroupIds(db, data.optionGroupIds)
  if (missing.length) throw new HttpError(400, MESSAGES.invalidData, [{ path: 'optionGroupIds', message: 'Grupo de opciones inválido' }])
}

const tags = ['Productos']

export const productRoutes = (ctx: AppContext) =>
  new Elysia({ prefix: '/api/products' })
    .use(routeContract)
    .get('/', ({ request }) => cachedJson(ctx, request, () => listProducts(ctx.db)), {
      access: 'public',
      startupRead: 'products',
      response: z.array(productSchema),
      detail: { summary: 'Menú completo', description: 'Todos los productos, en el orden del menú. Respuesta en caché, con ETag.', tags },
    })
    .get('/category/:category', async ({ request, params }) => {
      if (!(await categoryExists(ctx.db, params.category))) throw new HttpError(400, MESSAGES.invalidData, [{ path: 'category', message: 'Categoría inválida' }])
      return cachedJson(ctx, request, () => listProductsByCategory(ctx.db, params.category))
    }, {
      access: 'public',
      params: productCategoryParam,
      response: z.array(productSchema),
      detail: { summary: 'Productos de una categoría', tags },
    })
    .get(
      '/:id',
      async ({ params }) => {
        const product = await getProduct(ctx.db, params.id)
        if (!product) throw notFound(NOT_FOUND)
        return product
      },
      { access: 'public', params: idParam, response: productSchema, detail: { summary: 'Un producto', tags } },
    )
    .post(
      '/',
      async ({ body, set }) => {
        // The ingredient check and the write in one transaction: an ingredient deleted in between cannot slip in.
        const product = await inTransaction(ctx.db, async (trx) => {
          await lockMenuWrites(trx)
          await assertCategoryExists(trx, body)
          await assertIngredientsExist(trx, body)
          await assertOptionGroupsExist(trx, body)
          return createProduct(trx, body)
        })
        set.status = 201
        return product
      },
      { access: 'admin', changes: 'public', body: productInputSchema, response: { 201: productSchema }, detail: { summary: 'Crear un producto', tags } },
    )
    .put(
      '/:id',
      ({ params, body }) =>
        inTransaction(ctx.db, async (trx) => {
          await lockMenuWrites(trx)
          if (!(await getProduct(trx, params.id))) throw notFound(NOT_FOUND)
          await assertCategoryExists(trx, body)
          await assertIngredientsExist(trx, body)
          await assertOptionGroupsExist(trx, body)
          const product = await updateProduct(trx, params.id, body)
          if (!product) throw notFound(NOT_FOUND)
          return product
        }),
      { access: 'admin', changes: 'public', params: idParam, body: productInputSchema, response: productSchema, detail: { summary: 'Actualizar un producto', tags } },
    )
    .patch(
      '/:id/availability',
      async ({ params, body }) => {
        const product = await setProductAvailability(ctx.db, params.id, body.available)
        if (!product) throw notFound(NOT_FOUND)
        return product
      },
      {
        access: 'staff',
        changes: 'public',
        params: idParam,
        body: productAvailabilityInputSchema,
        response: productSchema,
        detail: { summary: "Marcar un producto como 'Agotado' o disponible", description: 'Lo único que una cuenta de Cocina / caja puede cambiar de un producto.', tags },
      },
    )
    .delete(
      '/:id',
      ({ params }) =>
        inTransaction(ctx.db, async (trx) => {
          await lockMenuWrites(trx)
          if (!(await getProduct(trx, params.id))) throw notFound(NOT_FOUND)
          // A promotion names dishes by id, and SQLite gives a deleted one's id to the next dish (issue #39).
          const named = await promotionsNamingRefusal(trx, { productId: params.id })
          if (named) throw new HttpError(409, named)
          await deleteProduct(trx, params.id)
          return { message: 'Producto eliminado', id: params.id }
        }),
      {
        access: 'admin',
        changes: 'public',
        params: idParam,
        parse: 'none',
        response: deletedSchema,
        detail: { summary: 'Borrar un producto', description: 'Una promoción que lo incluye lo impide (409, con su nombre): quítalo de ella antes.', tags },
      },
    )
