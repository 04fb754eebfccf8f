/**
 * PLACEHOLDER written by the foundation engineer so app.ts can compose the
 * landing route; the storefront engineer replaces this file with the React
 * server-rendered page. It is honest: the real menu, from the database, with prices.
 */
import { Elysia } from 'elysia'
import { entries } from '../assets.gen'
import type { AppContext } from '../context.server'
import { listProducts } from '../repos/products.server'

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

export function landingRoutes(ctx: AppContext) {
  return new Elysia({ name: 'landing' }).get('/', () => {
    const cached = ctx.pageCache.get('/')
    const body =
      cached?.body ??
      ctx.pageCache.set(
        '/',
        new TextEncoder().encode(
          [
            '<!doctype html><html lang="es"><head><meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            '<title>Chilaquiles · Menú</title><link rel="icon" href="/favicon.svg" type="image/svg+xml">',
            `<link rel="stylesheet" href="${esc(entries.storeCss)}"></head><body><main id="menu"><h1>Los mejores CHILAQUILES</h1><ul>`,
            ...listProducts(ctx.db)
              .filter((p) => p.available)
              .map((p) => `<li><strong>${esc(p.name)}</strong> Q${p.price}${p.priceGrande !== null ? ` / Q${p.priceGrande}` : ''}<p>${esc(p.description)}</p></li>`),
            '</ul></main></body></html>',
          ].join(''),
        ),
      ).body
    return new Response(body as Uint8Array<ArrayBuffer>, { headers: { 'content-type': 'text/html; charset=utf-8' } })
  })
}
