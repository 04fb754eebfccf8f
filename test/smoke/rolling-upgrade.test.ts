/**
 * An upgrade rolled through the instances one at a time (decision 031), as an owner with two
 * instances behind a proxy does it, on one real PostgreSQL database, orders flowing all along:
 *
 *   1. A runs the previous release (PREVIOUS_RELEASE, built from git history);
 *   2. B starts on the new release: it migrates while A keeps serving; both take orders;
 *   3. the proxy stops sending to A, A stops; B alone;
 *   4. A starts again on the new release; both take orders.
 *
 * Proven: no 5xx from any instance at any moment (the one not being replaced included), and
 * no acknowledged order lost: every 201 is a row, numbers are never given twice, and every
 * order has its lines for the reports, whichever release wrote it.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { SQL } from 'bun'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type Cluster, startCluster } from '../../scripts/pg-cluster'
import { previousReleaseBinary, releaseBinary } from './release'

type Server = { url: string; stop: () => Promise<void>; output: () => string }

async function serve(binary: string, databaseUrl: string): Promise<Server> {
  const dir = mkdtempSync(path.join(tmpdir(), 'chq-roll-'))
  const proc = Bun.spawn([binary], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', PORT: '0', HOST: '127.0.0.1', DATABASE_URL: databaseUrl, TRUST_PROXY: '1' },
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
  })
  let output = ''
  const drain = async (stream: ReadableStream<Uint8Array>) => {
    for await (const chunk of stream) output += new TextDecoder().decode(chunk)
  }
  void drain(proc.stdout)
  void drain(proc.stderr)
  const deadline = Date.now() + 60_000
  let port: string | undefined
  while (!(port = /escuchando en http:\/\/[^\s/]+:(\d+)/.exec(output)?.[1])) {
    if (proc.exitCode !== null) throw new Error(`${binary} exited with ${proc.exitCode}: ${output}`)
    if (Date.now() > deadline) throw new Error(`${binary} did not listen: ${output}`)
    await Bun.sleep(20)
  }
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    stop: async () => {
      proc.kill('SIGTERM')
      await proc.exited
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

let cluster: Cluster
let databaseUrl: string
let previous: string
let next: string

beforeAll(async () => {
  // One after the other: two builds at once would fight over the box's two cores.
  previous = await previousReleaseBinary()
  next = await releaseBinary()
  cluster = await startCluster()
  const admin = new SQL(cluster.url, { max: 1 })
  await admin.unsafe('CREATE DATABASE chq_roll')
  await admin.close()
  databaseUrl = cluster.url.replace(/\/postgres$/, '/chq_roll')
}, 600_000)

afterAll(async () => {
  await cluster?.stop()
})

describe('a rolling upgrade on one PostgreSQL database', () => {
  test('previous and new release side by side, then replaced one at a time: no 5xx, no order lost', async () => {
    const a = await serve(previous, databaseUrl)
    const origin = (url: string) => ({ origin: url, 'content-type': 'application/json' })
    await fetch(`${a.url}/api/auth/create-initial-admin`, { method: 'POST', headers: origin(a.url) })
    const login = await fetch(`${a.url}/api/auth/login`, { method: 'POST', headers: origin(a.url), body: JSON.stringify({ username: 'admin', password: 'admin123' }) })
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
    expect((await fetch(`${a.url}/api/admin/initialize-database`, { method: 'POST', headers: { ...origin(a.url), cookie } })).status).toBe(201)
    const products = (await (await fetch(`${a.url}/api/products`)).json()) as { id: number; category: string; availableSauces: number[]; extraIngredientIds: number[] }[]
    const plate = products.find((p) => p.category === 'chilaquiles' && p.availableSauces.length > 0)
    const drink = products.find((p) => p.category === 'bebidas')
    if (!plate || !drink) throw new Error('the sample menu has no plate or drink')
    const body = JSON.stringify({
      items: [
        { productId: plate.id, size: 'mediano', quantity: 1, customization: { sauceId: plate.availableSauces[0], extraIds: plate.extraIngredientIds.slice(0, 1) } },
        { productId: drink.id, size: 'mediano', quantity: 2 },
      ],
      fulfilment: 'pickup',
      customerName: 'Rodando',
    })

    // The "proxy": customers spread over the instances it currently sends to.
    let targets: Server[] = [a]
    const acknowledged: { id: number; number: number; via: string }[] = []
    const failures: string[] = []
    let customer = 0
    let running = true
    const customerLoop = async () => {
      while (running) {
        const to = targets[customer % targets.length] as Server
        const address = `10.77.${(++customer >> 8) & 255}.${customer & 255}`
        try {
          const res = await fetch(`${to.url}/api/checkout`, { method: 'POST', headers: { ...origin(to.url), 'x-forwarded-for': address }, body })
          if (res.status === 201) {
            const order = (await res.json()) as { id: number; number: number }
            acknowledged.push({ id: order.id, number: order.number, via: to.url })
          } else {
            failures.push(`${to.url} ${res.status} ${await res.text()}`)
          }
        } catch (error) {
          failures.push(`${to.url} ${error instanceof Error ? error.message : error}`)
        }
      }
    }
    const loops = Array.from({ length: 6 }, customerLoop)
    const settle = () => Bun.sleep(1500)

    await settle() // 1. the previous release alone
    const b = await serve(next, databaseUrl) // 2. the new one migrates while A serves
    targets = [a, b]
    await settle()
    targets = [b] // 3. A drained, then replaced
    await Bun.sleep(200)
    await a.stop()
    await settle()
    const a2 = await serve(next, databaseUrl) // 4. A on the new release
    targets = [a2, b]
    await settle()
    running = false
    await Promise.all(loops)

    expect(failures).toEqual([])
    const vias = new Set(acknowledged.map((o) => o.via))
    expect(vias.size).toBe(3) // A (previous), B and A again (new) all took orders
    expect(acknowledged.length).toBeGreaterThan(100)

    const sql = new SQL(databaseUrl, { max: 1 })
    try {
      const rows = (await sql`SELECT id, number FROM orders`) as { id: number; number: number }[]
      const stored = new Map(rows.map((r) => [r.id, r.number]))
      for (const order of acknowledged) expect(stored.get(order.id)).toBe(order.number)
      expect(rows.length).toBe(acknowledged.length)
      expect(new Set(rows.map((r) => r.number)).size).toBe(rows.length)
      const [lines] = (await sql`SELECT count(DISTINCT order_id)::int AS n FROM order_lines`) as { n: number }[]
      expect(lines?.n).toBe(rows.length)
    } finally {
      await sql.close()
    }
    await Promise.all([b.stop(), a2.stop()])
  }, 300_000)
})
