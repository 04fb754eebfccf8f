/**
 * Figures of issue #43, measured on this machine (bun scripts/probe-push.ts):
 *  - from an order's 201 to the push service's 201 for its push (web-push-testing decrypted it), median of 20;
 *  - the checkout's time (median of 20) with no device, with the push service answering, down
 *    (a closed port), and hanging (takes the request, never answers).
 */
import type { Product } from '../src/shared/schemas'
import { startPushService } from '../src/server/push/test-push-service.server'
import { createTestApp } from '../src/server/testing.server'

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const service = await startPushService()
const sentAt = new Map<number, number>()
const t = await createTestApp({ pushOptions: { log: () => {}, onOutcome: (_endpoint, outcome, payload) => outcome.result === 'sent' && sentAt.set(payload.number, performance.now()) } })
const cookie = await t.signIn()
await t.request('/api/admin/initialize-database', { method: 'POST', headers: { cookie } })
const horchata = ((await (await t.request('/api/products')).json()) as Product[]).find((p) => p.name === 'Horchata')!
let peer = 0
async function checkout(): Promise<{ ms: number; number: number; answeredAt: number }> {
  const started = performance.now()
  const res = await t.request('/api/checkout', { method: 'POST', peer: `10.77.${Math.floor(++peer / 250)}.${peer % 250}`, json: { items: [{ productId: horchata.id, size: 'mediano', quantity: 1 }], fulfilment: 'pickup' } })
  const answeredAt = performance.now()
  if (res.status !== 201) throw new Error(String(res.status))
  return { ms: answeredAt - started, number: ((await res.json()) as { number: number }).number, answeredAt }
}
const key = ((await (await t.request('/api/push/public-key', { headers: { cookie } })).json()) as { publicKey: string }).publicKey
const register = (endpoint: string, keys: unknown) => t.request('/api/push/subscriptions', { method: 'POST', headers: { cookie }, json: { endpoint, keys } })
const clear = () => t.ctx.db.deleteFrom('push_subscriptions').execute()

async function series(label: string) {
  const times: number[] = []
  for (let i = 0; i < 20; i++) times.push((await checkout()).ms)
  await t.pushes.idle()
  console.log(`${label}: checkout median ${median(times).toFixed(2)} ms`)
}
for (let i = 0; i < 5; i++) await checkout() // warm up
await t.pushes.idle()
await series('no device')

const sub = await service.subscribe(key)
await register(sub.endpoint, sub.keys)
const delays: number[] = []
const times: number[] = []
for (let i = 0; i < 20; i++) {
  const { ms, number, answeredAt } = await checkout()
  times.push(ms)
  await t.pushes.idle()
  delays.push(sentAt.get(number)! - answeredAt)
}
console.log(`push service answering: checkout median ${median(times).toFixed(2)} ms; 201 -> push service's 201 median ${median(delays).toFixed(2)} ms (max ${Math.max(...delays).toFixed(2)})`)

await clear()
const closed = Bun.serve({ port: 0, fetch: () => new Response() })
const closedPort = closed.port
await closed.stop(true)
await register(`http://localhost:${closedPort}/down`, sub.keys)
await series('push service down (closed port, 3 tries)')

await clear()
const hanging = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Promise<Response>(() => {}) })
await register(`http://localhost:${hanging.port}/slow`, sub.keys)
const slow: number[] = []
for (let i = 0; i < 20; i++) slow.push((await checkout()).ms)
console.log(`push service hanging (5 s timeout, pushes still under way): checkout median ${median(slow).toFixed(2)} ms`)
process.exit(0)
