/**
 * The cost of one scheduled backup on a busy year (decision 026): a SQLite database with
 * 20,000 orders, copied by backupOnce (the executable's `backup` in a child process) while
 * the running server answers reads and takes orders; prints each copy's time and size and
 * the reads' and writes' times during the copies against before them. Numbers, no asserts.
 *
 *   bun scripts/bench-backup.ts
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { backupOnce } from '../src/server/backups/backup-schedule.server'
import { configFromEnv } from '../src/server/config.server'
import { insertOrder, type NewOrder } from '../src/server/orders/orders.repo.server'
import { migrate, openDatabase, sqliteStore } from '../src/server/db/sqlite.server'
import { adminCookie, startServer } from '../e2e/support/server'

const ORDERS = Number(process.env.BENCH_ORDERS ?? 20_000)
const dataDir = await mkdtemp(path.join(tmpdir(), 'chq-bench-backup-'))
const config = configFromEnv({ DATA_DIR: dataDir })
const db = openDatabase(config.databaseFile)
migrate(db)
const store = sqliteStore(db)
const order = (i: number): NewOrder => ({
  source: 'storefront', status: 'delivered', customerName: `Cliente ${i % 900}`, customerPhone: `502555${String(i % 900).padStart(5, '0')}`,
  fulfilment: 'pickup', zoneId: null, zoneName: null, zoneEstimatedTime: null, scheduledFor: null, address: null, addressReference: null,
  payment: 'efectivo', cashAmount: null, subtotal: 70, deliveryFee: 0, discounts: [], total: 70, notes: null,
  items: [{ productId: 1, name: 'Chilaquiles Clásicos', size: 'mediano', quantity: 2, price: 35, lineTotal: 70, customization: { sauce: { id: 15, name: 'Salsa Verde' }, sauceOnSide: false, removed: [], extras: [] } }],
})
const start = Date.now() - 365 * 86_400_000
for (let i = 0; i < ORDERS; i += 1000) {
  await store.db.transaction().execute(async (trx) => {
    for (let j = i; j < i + 1000; j++) await insertOrder(trx, order(j), new Date(start + j * 1577))
  })
}
console.log(`${ORDERS} orders written`)
await store.close()

const server = await startServer({ DATA_DIR: dataDir })
try {
  const cookie = await adminCookie(server.url)
  const timed = async (request: () => Promise<Response>) => {
    const t0 = performance.now()
    await (await request()).arrayBuffer()
    return performance.now() - t0
  }
  const read = () => timed(() => fetch(`${server.url}/api/orders?limit=20`, { headers: { cookie } }))
  // A point-of-sale order: the write a backup must never hold up.
  const write = () =>
    timed(() =>
      fetch(`${server.url}/api/orders`, {
        method: 'POST',
        headers: { cookie, origin: server.url, 'content-type': 'application/json' },
        body: JSON.stringify({ customerName: 'Mesa', items: [{ name: 'Café', quantity: 1, price: 25 }], total: 25 }),
      }),
    )
  const before = { reads: [] as number[], writes: [] as number[] }
  for (let i = 0; i < 200; i++) {
    before.reads.push(await read())
    before.writes.push(await write())
  }
  const during = { reads: [] as number[], writes: [] as number[] }
  const COPIES = 5
  let last = { ms: 0, bytes: 0 }
  for (let k = 0; k < COPIES; k++) {
    let copying = true
    // Each copy named one second apart, as copies made on a schedule would be.
    const copy = backupOnce(config, new Date(Date.now() + k * 1000)).finally(() => {
      copying = false
    })
    while (copying) {
      during.reads.push(await read())
      during.writes.push(await write())
    }
    last = await copy
    console.log(`backup of ${ORDERS} orders (copy ${k + 1}/${COPIES}): ${last.ms.toFixed(0)} ms, ${(last.bytes / 1024 / 1024).toFixed(1)} MB`)
  }
  const stat = (xs: number[], what: string) => {
    const s = [...xs].sort((a, b) => a - b)
    return `p50 ${s[Math.floor(s.length / 2)]?.toFixed(1)} ms, p99 ${s[Math.floor(s.length * 0.99)]?.toFixed(1)} ms, max ${s.at(-1)?.toFixed(1)} ms (${s.length} ${what})`
  }
  console.log(`reads before: ${stat(before.reads, 'reads')}`)
  console.log(`reads during: ${stat(during.reads, 'reads')}`)
  console.log(`writes before: ${stat(before.writes, 'orders')}`)
  console.log(`writes during: ${stat(during.writes, 'orders')}`)
} finally {
  await server.stop()
  await rm(dataDir, { recursive: true, force: true })
}
