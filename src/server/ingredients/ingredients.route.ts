import { Elysia } from 'elysia'
import { z } from 'zod'
import { idParam, ingredientInputSchema, ingredientTypeParam } from '../../shared/schemas'
import { deletedSchema, ingredientSchema } from '../../shared/schemas/responses'
import type { AppContext } from '../context.server'
import { cachedJson } from '../cache/cached-json.server'
import { notFound } from '../http/errors.server'
import { routeContract } from '../http/route-contract.server'
import {
  createIngredient,
  deleteIngredient,
  getIngredient,
  listIngredients,
  listIngredientsByType,
  updateIngredient,
} from './ingredients.repo.server'

const NOT_FOUND = 'Ingrediente no encontrado'

const tags = ['Ingredientes']

export const ingredientRoutes = (ctx: AppContext) =>
  new Elysia({ prefix: '/api/ingredients' })
    .use(routeContract)
    .get('/', ({ request }) => cachedJson(ctx, request, () => listIngredients(ctx.db)), {
      access: 'public',
      startupRead: 'ingredients',
      response: z.array(ingredientSchema),
      detail: { summary: 'Todos los ingredientes', description: 'Bases, extras y salsas. Respuesta en caché, con ETag.', tags },
    })
    .get('/type/:type', ({ request, params }) => cachedJson(ctx, request, () => listIngredientsByType(ctx.db, params.type)), {
      access: 'public',
      params: ingredientTypeParam,
      response: z.array(ingredientSchema),
      detail: { summary: 'Ingredientes de un tipo', tags },
    })
    .get(
      '/:id',
      async ({ params }) => {
        const ingredient = await getIngredient(ctx.db, params.id)
        if (!ingredient) throw notFound(NOT_FOUND)
        return ingredient
      },
      { access: 'public', params: idParam, response: ingredientSchema, detail: { summary: 'Un ingrediente', tags } },
    )
    .post(
      '/',
      async ({ body, set }) => {
        set.status = 201
        return createIngredient(ctx.db, body)
      },
      { access: 'admin', changes: 'public', body: ingredientInputSchema, response: { 201: ingredientSchema }, detail: { summary: 'Crear un ingrediente', tags } },
    )
    .put(
      '/:id',
      async ({ params, body }) => {
        const ingredient = await updateIngredient(ctx.db, params.id, body)
        if (!ingredient) throw notFound(NOT_FOUND)
        return ingredient
      },
      { access: 'admin', changes: 'public', params: idParam, body: ingredientInputSchema, response: ingredientSchema, detail: { summary: 'Actualizar un ingrediente', tags } },
    )
    .delete(
      '/:id',
      async ({ params }) => {
        // Also removes the id from every product's lists, in the same transaction.
        if (!(await deleteIngredient(ctx.db, params.id))) throw notFound(NOT_FOUND)
        return { message: 'Ingrediente eliminado', id: params.id }
      },
      { access: 'admin', changes: 'public', params: idParam, parse: 'none', response: deletedSchema, detail: { summary: 'Borrar un ingrediente', tags } },
    )
