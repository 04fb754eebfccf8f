/**
 * What an operator's tools read from the release binary (decision 032), for real:
 *  - Debian's Prometheus scrapes GET /metrics with the bearer token of METRICS_TOKEN, the
 *    target comes up, and the orders counter is read back through Prometheus' own HTTP API
 *    after orders were placed;
 *  - with LOG_FORMAT=json every line the binary writes, on stdout and stderr, from the start
 *    to its stop, is one JSON object, and each request has its line with the X-Request-Id
 *    it was answered with.
 */
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Subprocess } from 'bun'
import { freePort, releaseAlone, untilAnswering } from './release'

const TOKEN = 'token-de-metricas-para-prometheus'
// Debian's prometheus package (.ci/run installs it): required, never skipped.
const prometheusBin = Bun.which('prometheus')

let dir: string
let proc: Subprocess<'ignore', 'pipe', 'pipe'>
let url: string
const lines: { stream: 'stdout' | 'stderr'; text: string }[] = []


/** Keeps every line a stream writes. */
async function collect(stream: ReadableStream<Uint8Array>, name: 'stdout' | 'stderr') {
  let rest = ''
  for await (const chunk of stream) {
    rest += new TextDecoder().decode(chunk)
    const parts = rest.split('\n')
    rest = parts.pop() ?? ''
    for (const text of parts) lines.push({ stream: name, text })
  }
  if (rest) lines.push({ stream: name, text: rest })
}

let collected: Promise<unknown>

beforeAll(async () => {
  const made = await releaseAlone('chq-metrics-')
  dir = made.dir
  const port = freePort()
  url = `http://127.0.0.1:${port}`
  proc = Bun.spawn([made.binary], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', PORT: String(port), HOST: '127.0.0.1', METRICS_TOKEN: TOKEN, LOG_FORMAT: 'json' },
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
  })
  collected = Promise.all([collect(proc.stdout, 'stdout'), collect(proc.stderr, 'stderr')])
  await untilAnswering(url)
  // The sample menu, and three orders to count.
  const origin = { origin: url, 'content-type': 'application/json' }
  await fetch(`${url}/api/auth/create-initial-admin`, { method: 'POST', headers: origin })
  const login = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: origin, body: JSON.stringify({ username: 'admin', password: 'admin123' }) })
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
  expect((await fetch(`${url}/api/admin/initialize-database`, { method: 'POST', headers: { ...origin, cookie } })).status).toBe(201)
  const products = (await (await fetch(`${url}/api/products`)).json()) as { id: number }[]
  const productId = products[0]?.id
  for (let i = 0; i < 3; i++) {
    const placed = await fetch(`${url}/api/checkout`, { method: 'POST', headers: origin, body: JSON.stringify({ items: [{ productId, size: 'mediano', quantity: 1 }], fulfilment: 'pickup' }) })
    expect(placed.status).toBe(201)
  }
}, 300_000)

afterAll(() => {
  if (proc && proc.exitCode === null) proc.kill('SIGKILL')
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('a real Prometheus scrapes the binary', () => {
  test('the target is up with the bearer token, and the orders counter reads 3 through its HTTP API', async () => {
    const work = mkdtempSync(path.join(tmpdir(), 'chq-prometheus-'))
    const promPort = freePort()
    writeFileSync(path.join(work, 'token'), TOKEN)
    writeFileSync(
      path.join(work, 'prometheus.yml'),
      [
        'global:',
        '  scrape_interval: 1s',
        'scrape_configs:',
        '  - job_name: chilaquiles',
        '    authorization:',
        `      credentials_file: ${path.join(work, 'token')}`,
        '    static_configs:',
        `      - targets: ['${new URL(url).host}']`,
        '',
      ].join('\n'),
    )
    const prometheus = Bun.spawn(
      [prometheusBin ?? 'prometheus', `--config.file=${path.join(work, 'prometheus.yml')}`, `--storage.tsdb.path=${path.join(work, 'data')}`, `--web.listen-address=127.0.0.1:${promPort}`],
      { stdout: 'ignore', stderr: 'pipe' },
    )
    const api = `http://127.0.0.1:${promPort}/api/v1`
    try {
      let health = ''
      let value: string | undefined
      const started = performance.now()
      while (performance.now() - started < 60_000) {
        await Bun.sleep(500)
        try {
          const targets = (await (await fetch(`${api}/targets`)).json()) as { data: { activeTargets: { health: string; lastError: string }[] } }
          const target = targets.data.activeTargets[0]
          health = `${target?.health} ${target?.lastError}`
          if (target?.health !== 'up') continue
          const query = (await (await fetch(`${api}/query?query=${encodeURIComponent('chq_orders_placed_total{source="storefront"}')}`)).json()) as { data: { result: { value: [number, string] }[] } }
          value = query.data.result[0]?.value[1]
          if (value !== undefined) break
        } catch {
          /* Prometheus not answering yet */
        }
      }
      expect(health).toStartWith('up')
      expect(value).toBe('3')
    } finally {
      prometheus.kill()
      await prometheus.exited
      rmSync(work, { recursive: true, force: true })
    }
  }, 90_000)

  test('promtool check metrics passes on what the binary serves', async () => {
    const body = await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text()
    const check = Bun.spawn([Bun.which('promtool') ?? 'promtool', 'check', 'metrics'], { stdin: new TextEncoder().encode(body), stdout: 'pipe', stderr: 'pipe' })
    const [out, err, code] = await Promise.all([new Response(check.stdout).text(), new Response(check.stderr).text(), check.exited])
    expect(`${out}${err}`.trim()).toBe('')
    expect(code).toBe(0)
  })
})

describe('LOG_FORMAT=json on the binary', () => {
  test('every line from start to stop is one JSON object; each request has its line, with the id it was answered with', async () => {
    const answer = await fetch(`${url}/api/products`)
    const id = answer.headers.get('x-request-id')
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    proc.kill('SIGTERM')
    await proc.exited
    await collected
    expect(lines.length).toBeGreaterThan(5)
    const parsed = lines.map(({ stream, text }) => {
      try {
        return { stream, line: JSON.parse(text) as Record<string, unknown> }
      } catch {
        throw new Error(`not JSON (${stream}): ${text}`)
      }
    })
    for (const { line } of parsed) {
      expect(typeof line.time).toBe('string')
      expect(['info', 'warn', 'error']).toContain(String(line.level))
      expect(typeof line.message).toBe('string')
    }
    expect(parsed.some(({ line }) => String(line.message).startsWith('Chilaquiles escuchando en'))).toBe(true)
    expect(parsed.some(({ line }) => line.message === 'Servidor detenido')).toBe(true)
    const request = parsed.find(({ line }) => line.requestId === id)?.line
    expect(request).toMatchObject({ message: 'request', method: 'GET', route: '/api/products', status: 200 })
    expect(parsed.filter(({ line }) => line.message === 'request' && line.route === '/api/checkout' && line.status === 201)).toHaveLength(3)
  })
})
