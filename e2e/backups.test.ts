/**
 * Scheduled backups under writes (decision 026), on the real server: BACKUP_EVERY=10s while
 * point-of-sale orders keep coming; each copy is a plain SQLite file that opens with
 * integrity ok and holds every order acknowledged before the copy began; only BACKUP_KEEP
 * copies stay; requests keep being answered while a copy is made (their times are printed).
 */
import { Database } from 'bun:sqlite'
import { expect, test } from 'bun:test'
import { readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { adminCookie, startServer } from './support/server'

test('copies made while orders keep coming: integrity ok, every acknowledged order inside, only the newest kept', async () => {
  const server = await startServer({ BACKUP_EVERY: '10s', BACKUP_KEEP: '2' })
  try {
    const cookie = await adminCookie(server.url)
    const acknowledged: { number: number; at: number }[] = []
    const latencies: number[] = []
    const deadline = Date.now() + 33_000 // three ticks
    while (Date.now() < deadline) {
      const t0 = performance.now()
      const res = await fetch(`${server.url}/api/orders`, {
        method: 'POST',
        headers: { cookie, origin: server.url, 'content-type': 'application/json' },
        body: JSON.stringify({ customerName: 'Mesa', items: [{ name: 'Café', quantity: 1, price: 25 }], total: 25 }),
      })
      latencies.push(performance.now() - t0)
      expect(res.status).toBe(201)
      acknowledged.push({ number: ((await res.json()) as { number: number }).number, at: Date.now() })
      await Bun.sleep(20)
    }
    const dir = path.join(server.dataDir, 'backups')
    const copies = (await readdir(dir)).filter((f) => f.endsWith('.db')).sort()
    expect(copies.length).toBe(2) // three made, the oldest removed
    // The photos' mirror is there even before any photo: the README's restore copies from it.
    expect((await stat(path.join(dir, 'uploads'))).isDirectory()).toBe(true)
    for (const copy of copies) {
      const m = /^chilaquiles-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})\.db$/.exec(copy)
      expect(m).not.toBeNull()
      const began = Date.UTC(Number(m?.[1]), Number(m?.[2]) - 1, Number(m?.[3]), Number(m?.[4]), Number(m?.[5]), Number(m?.[6]))
      const db = new Database(path.join(dir, copy), { readonly: true })
      try {
        expect(db.query('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' })
        const numbers = new Set(db.query('SELECT number FROM orders').all().map((r) => (r as { number: number }).number))
        const before = acknowledged.filter((a) => a.at < began)
        expect(before.length).toBeGreaterThan(0)
        expect(before.filter((a) => !numbers.has(a.number))).toEqual([])
      } finally {
        db.close()
      }
    }
    const sorted = [...latencies].sort((a, b) => a - b)
    console.log(`orders during backups: ${latencies.length}, p50 ${sorted[Math.floor(sorted.length / 2)]?.toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms`)
  } finally {
    await server.stop()
  }
}, 60_000)

