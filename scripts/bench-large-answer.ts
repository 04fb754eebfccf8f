/**
 * `bun scripts/bench-large-answer.ts`: a very large public list (the coverage zones,
 * ~15 MB of JSON) against the real server, from source, with a fresh data folder.
 * Prints numbers (decision 012, "Large answers"); asserts nothing. Needs
 * `bun run build:client` first (the server embeds the client manifest).
 *
 * The zones are written straight into DATA_DIR/chilaquiles.db before the server starts
 * (through the API it would take minutes). Then, while a probe asks GET /api/store-status
 * (a small answer made by the app) one request after another, in turn:
 *  1. GET /api/coverage-zones, identity: the database read and the JSON (made once per
 *     cache generation, on the event loop);
 *  2. the same with Accept-Encoding br, then gzip: the compression of the cached entry
 *     (once per generation and encoding);
 *  3. br again: already compressed, only the transfer;
 *  4. after an administrator's write (POST /api/coverage-zones empties the cache): br,
 *     the first read after a change, all of the above in one request.
 * For each: time to the headers and to the last byte, bytes on the wire, and the probe's
 * latencies meanwhile (how long any other visitor waited).
 *
 * BENCH_MB (15): size of the list. BENCH_BEST=1 also times brotli q11 and gzip -9 of the
 * same bytes in this process (what the first reader waited for before: ~0.7 MB/s).
 */
import { Database } from 'bun:sqlite'
import { brotliCompressSync, brotliDecompressSync, constants, gzipSync } from 'node:zlib'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { adminCookie, startServer } from '../e2e/support/server'
import { seededRandom } from '../test/fixtures/seeded'

const root = path.resolve(import.meta.dir, '..')
const MEGABYTES = Number(process.env.BENCH_MB ?? 15)

/** Seeded, so every run lists the same zones: long, varied names as a big city's delivery list would have. */
function zones(megabytes: number) {
  const random = seededRandom(12345)
  const words =
    'San Santa Cristóbal Margaritas Naranjo Catarina Pinula Villa Nueva Mixco Vista Hermosa Álamos Mirador Florida Jardines Lomas Portal Valle Prados Encinos Cipreses Fuentes Reforma Trébol Primavera Granjas'.split(
      ' ',
    )
  const word = () => words[Math.floor(random() * words.length)]
  const rows: { name: string; delivery_cost: number; estimated_time: string; available: number; minimum_order: number | null }[] = []
  let size = 0
  while (size < megabytes * 1024 * 1024) {
    const row = {
      name: `Colonia ${word()} ${word()} ${word()}, sector ${Math.floor(random() * 500)}, ${Math.floor(random() * 40)} calle ${Math.floor(random() * 90)}-${Math.floor(random() * 99)} zona ${1 + Math.floor(random() * 25)}`,
      delivery_cost: Math.floor(random() * 40),
      estimated_time: `${20 + Math.floor(random() * 5) * 10}-${40 + Math.floor(random() * 5) * 10} min`,
      available: random() > 0.1 ? 1 : 0,
      minimum_order: random() < 0.3 ? null : Math.floor(random() * 20) * 5,
    }
    rows.push(row)
    // The zone as the API sends it (UTF-8 bytes, and a comma).
    const { name, delivery_cost, estimated_time, available, minimum_order } = row
    const sent = { id: rows.length, name, deliveryCost: delivery_cost, estimatedTime: estimated_time, available: available === 1, minimumOrder: minimum_order }
    size += Buffer.byteLength(JSON.stringify(sent)) + 1
  }
  return rows
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'chq-bench-large-'))
const migrate = Bun.spawnSync(['bun', 'src/server/main.ts', 'migrate'], { cwd: root, env: { ...process.env, DATA_DIR: dataDir }, stdout: 'pipe', stderr: 'inherit' })
if (migrate.exitCode !== 0) throw new Error(`migrate failed (${migrate.exitCode})`)
const rows = zones(MEGABYTES)
{
  const db = new Database(path.join(dataDir, 'chilaquiles.db'))
  const insert = db.query('INSERT INTO coverage_zones (name, delivery_cost, estimated_time, available, minimum_order) VALUES (?, ?, ?, ?, ?)')
  db.transaction(() => {
    for (const r of rows) insert.run(r.name, r.delivery_cost, r.estimated_time, r.available, r.minimum_order)
  })()
  db.close()
}

const server = await startServer({ DATA_DIR: dataDir })
const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MB`

/** Asks the small answer one request after another until stopped; the latencies of each. */
function probe() {
  const latencies: number[] = []
  let running = true
  const done = (async () => {
    while (running) {
      const started = performance.now()
      const res = await fetch(`${server.url}/api/store-status`)
      await res.arrayBuffer()
      if (res.status !== 200) throw new Error(`store-status: ${res.status}`)
      latencies.push(performance.now() - started)
    }
  })()
  return {
    stop: async () => {
      running = false
      await done
      const sorted = [...latencies].sort((a, b) => a - b)
      const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0
      return `${sorted.length} answered, median ${ms(at(0.5))}, p99 ${ms(at(0.99))}, max ${ms(sorted.at(-1) ?? 0)}`
    },
  }
}

/** One GET of the list with `encoding`, the probe running meanwhile; the raw bytes as sent. */
async function measure(label: string, encoding: string): Promise<Uint8Array> {
  const side = probe()
  await Bun.sleep(50) // the probe's own pace first
  const started = performance.now()
  const res = await fetch(`${server.url}/api/coverage-zones`, { headers: { 'accept-encoding': encoding }, decompress: false })
  const headers = performance.now() - started
  const bytes = new Uint8Array(await res.arrayBuffer())
  const total = performance.now() - started
  const meanwhile = await side.stop()
  if (res.status !== 200) throw new Error(`${label}: ${res.status}`)
  console.log(
    `${label.padEnd(46)} ${String(res.headers.get('content-encoding') ?? 'identity').padEnd(8)} headers ${ms(headers).padStart(8)}, complete ${ms(total).padStart(8)}, ${mb(bytes.byteLength)} on the wire | /api/store-status meanwhile: ${meanwhile}`,
  )
  return bytes
}

try {
  // The app is made right after the first answer: warm it (and the probe's route) first.
  for (let i = 0; i < 20; i++) await (await fetch(`${server.url}/api/store-status`)).arrayBuffer()
  const idle = probe()
  await Bun.sleep(300)
  console.log(`${rows.length} zones; /api/store-status alone: ${await idle.stop()}`)

  const plain = await measure('1. identity (database read + JSON)', 'identity')
  const br = await measure('2. br (compression of the cached entry)', 'gzip, deflate, br, zstd')
  await measure('2. gzip (compression of the cached entry)', 'gzip, deflate')
  await measure('3. br again (already compressed)', 'gzip, deflate, br, zstd')
  const decoded = new Uint8Array(brotliDecompressSync(br))
  console.log(`JSON ${mb(plain.byteLength)}; the br answer decodes to the same bytes: ${Buffer.from(decoded).equals(plain)}`)

  const url = server.url
  const cookie = await adminCookie(url)
  const write = await fetch(`${url}/api/coverage-zones`, {
    method: 'POST',
    headers: { cookie, origin: url, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Zona nueva del bench', deliveryCost: 10 }),
  })
  if (write.status !== 201 && write.status !== 200) throw new Error(`write: ${write.status} ${await write.text()}`)
  await measure('4. br, first read after a write (all of it)', 'gzip, deflate, br, zstd')

  if (process.env.BENCH_BEST === '1') {
    const params = { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: plain.byteLength }
    for (const [name, run] of [
      ['brotli q11 (the best level, before)', () => brotliCompressSync(plain, { params: { ...params, [constants.BROTLI_PARAM_QUALITY]: 11 } })],
      ['gzip -9 (the best level, before)', () => gzipSync(plain, { level: 9 })],
      ['brotli q5 (LEVELS.large)', () => brotliCompressSync(plain, { params: { ...params, [constants.BROTLI_PARAM_QUALITY]: 5 } })],
      ['gzip 6 (LEVELS.large)', () => gzipSync(plain, { level: 6 })],
    ] as const) {
      const started = performance.now()
      const out = run()
      console.log(`${name.padEnd(40)} ${ms(performance.now() - started).padStart(9)}, ${mb(out.byteLength)} (in this process)`)
    }
  }
} finally {
  await server.stop()
  await rm(dataDir, { recursive: true, force: true })
}
