import { Elysia } from 'elysia'
import { z } from 'zod'
import { PRODUCT_CATEGORIES, type ProductData, idParam, productInputSchema } from '../../shared/schemas'
import type { AppContext } from '../context.server'
import { type Db, inTransaction, lockMenuWrites } from '../db/database.server'
import { cachedJson } from '../cache/cached-json.server'
import { HttpError, MESSAGES, notFound } from '../http/errors.server'
import { validate } from '../http/json-body.server'
import { missingIngredientIds } from '../ingredients/ingredients.repo.server'
import {
  createProduct,
  deleteProduct,
  getProduct,
  listProducts,
  listProductsByCategory,
  updateProduct,
} from './products.repo.server'

const NOT_FOUND = 'Producto no encontrado'

/** Any product category (the menu tabs use the first three; 'extras' is valid too). */
export const productCategoryParam = z.object({ category: z.enum(PRODUCT_CATEGORIES, { error: 'Categoría inválida' }) })

/** Every id in the three lists must be an existing ingredient: 400 naming the field otherwise. */
async function assertIngredientsExist(db: Db, data: ProductData) {
  const issues: { path: string; message: string }[] = []
  for (const field of ['availableSauces', 'baseIngredientIds', 'extraIngredientIds'] as const) {
    const missing = await missingIngredientIds(db, data[field])
    if (missing.length) issues.push({ path: field, message: `Ingredientes inexistentes: ${missing.join(', ')}` })
  }
  if (issues.length) throw new HttpError(400, MESSAGES.invalidData, issues)
}

export const productRoutes = (ctx: AppContext) =>
  new Elysia({ prefix: '/api/products' })
    .get('/', () => cachedJson(ctx, 'api:products', () => listProducts(ctx.db)))
    .get('/category/:category', ({ params }) => cachedJson(ctx, `api:products:${params.category}`, () => listProductsByCategory(ctx.db, params.category)), { params: productCategoryParam })
    .get(
      '/:id',
      async ({ params }) => {
        const product = await getProduct(ctx.db, params.id)
        if (!product) throw notFound(NOT_FOUND)
        return product
      },
      { params: idParam },
    )
    .post('/', async ({ body, set }) => {
      const input = validate(productInputSchema, body)
      // The ingredient check and the write in one transaction: an ingredient deleted in between cannot slip in.
      const product = await inTransaction(ctx.db, async (trx) => {
        await lockMenuWrites(trx)
        await assertIngredientsExist(trx, input)
        return createProduct(trx, input)
      })
      set.status = 201
      return product
    })
    .put(
      '/:id',
      async ({ params, body }) => {
        const input = validate(productInputSchema, body)
        return inTransaction(ctx.db, async (trx) => {
          await lockMenuWrites(trx)
          if (!(await getProduct(trx, params.id))) throw notFound(NOT_FOUND)
          await assertIngredientsExist(trx, input)
          const product = await updateProduct(trx, params.id, input)
          if (!product) throw notFound(NOT_FOUND)
          return product
        })
      },
      { params: idParam },
    )
    .delete(
      '/:id',
      async ({ params }) => {
        if (!(await deleteProduct(ctx.db, params.id))) throw notFound(NOT_FOUND)
        return { message: 'Producto eliminado', id: params.id }
      },
      { params: idParam, parse: 'none' },
    )
