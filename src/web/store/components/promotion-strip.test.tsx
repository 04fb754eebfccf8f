/**
 * Today's automatic promotions under the nav bar (issue #33): in the server's HTML from the
 * landing data, then asked again after hydration in case the day changed under the cached page.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import type { ActivePromotion } from '../../../shared/schemas/promotion-responses'
import { PromotionStrip } from './promotion-strip'

const martes: ActivePromotion = { id: 3, name: 'Martes de bebidas', description: '2x1 en bebidas los martes' }
const envio: ActivePromotion = { id: 4, name: 'Envío', description: 'Envío gratis desde Q150' }
let served: () => Promise<Response> = async () => Response.json([martes])
const original = globalThis.fetch
beforeAll(() => {
  globalThis.fetch = Object.assign(async () => served(), { preconnect: () => {} }) as typeof fetch
})
afterAll(() => {
  globalThis.fetch = original
})
afterEach(cleanup)

const items = () => screen.queryAllByRole('listitem').map((li) => li.textContent)

describe('the promotion strip', () => {
  test("in the server's HTML, each promotion's words; none: nothing at all", () => {
    expect(renderToString(<PromotionStrip initial={[martes]} />)).toContain('2x1 en bebidas los martes')
    expect(renderToString(<PromotionStrip initial={[]} />)).toBe('')
  })

  test("after hydration the list is asked again and replaced when it differs (the day changed under the cached page)", async () => {
    served = async () => Response.json([envio])
    render(<PromotionStrip initial={[martes]} />)
    expect(screen.getByRole('region', { name: 'Promociones de hoy' })).toBeDefined()
    await waitFor(() => expect(items()).toEqual(['Envío gratis desde Q150']))
  })

  test('offline or a bad answer: the list the page came with stays', async () => {
    served = async () => {
      throw new TypeError('Failed to fetch')
    }
    render(<PromotionStrip initial={[martes]} />)
    await new Promise((r) => setTimeout(r, 20))
    expect(items()).toEqual(['2x1 en bebidas los martes'])
  })
})
