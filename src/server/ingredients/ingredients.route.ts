import { Elysia } from 'elysia'
import { idParam, ingredientInputSchema, ingredientTypeParam } from '../../shared/schemas'
import type { AppContext } from '../context.server'
import { cachedJson } from '../cache/cached-json.server'
import { notFound } from '../http/errors.server'
import { validate } from '../http/json-body.server'
import {
  createIngredient,
  deleteIngredient,
  getIngredient,
  listIngredients,
  listIngredientsByType,
  updateIngredient,
} from './ingredients.repo.server'

const NOT_FOUND = 'Ingrediente no encontrado'

export const ingredientRoutes = (ctx: AppContext) =>
  new Elysia({ prefix: '/api/ingredients' })
    .get('/', () => cachedJson(ctx, 'api:ingredients', () => listIngredients(ctx.db)))
    .get('/type/:type', ({ params }) => cachedJson(ctx, `api:ingredients:${params.type}`, () => listIngredientsByType(ctx.db, params.type)), { params: ingredientTypeParam })
    .get(
      '/:id',
      async ({ params }) => {
        const ingredient = await getIngredient(ctx.db, params.id)
        if (!ingredient) throw notFound(NOT_FOUND)
        return ingredient
      },
      { params: idParam },
    )
    .post(
      '/',
      ({ body, set }) => {
        const input = validate(ingredientInputSchema, body)
        set.status = 201
        return createIngredient(ctx.db, input)
      },
    )
    .put(
      '/:id',
      async ({ params, body }) => {
        const ingredient = await updateIngredient(ctx.db, params.id, validate(ingredientInputSchema, body))
        if (!ingredient) throw notFound(NOT_FOUND)
        return ingredient
      },
      { params: idParam },
    )
    .delete(
      '/:id',
      async ({ params }) => {
        // Also removes the id from every product's lists, in the same transaction.
        if (!(await deleteIngredient(ctx.db, params.id))) throw notFound(NOT_FOUND)
        return { message: 'Ingrediente eliminado', id: params.id }
      },
      { params: idParam, parse: 'none' },
    )
