/**
 * `bun run test`: every suite, in the processes each one needs.
 *
 *  1. client build (the server embeds the generated asset manifest)
 *  2. server + shared unit/HTTP tests          bun test ./src/server ./src/shared ./db
 *     the same on PostgreSQL (server-pg)       a throwaway cluster (scripts/pg-cluster.ts), TEST_DATABASE_URL
 *     several instances on one PostgreSQL      bun test ./test/multi-instance
 *  3. DOM component tests (happy-dom preload)  bun test --preload ./test/dom.ts ./src/web
 *  4. browser tests against the real server    bun test ./e2e   (Debian chromium)
 *  5. release smoke test (compiled binary)     bun test ./test/smoke
 *
 * happy-dom replaces fetch/Request/Response globally, so DOM tests never share
 * a process with server tests. Ends with one "N passed, N failed" line.
 */
import { Glob } from 'bun'
import { buildClient } from './build-client'
import { type Cluster, startCluster } from './pg-cluster'

type Suite = { name: string; args: string[]; dir: string; patterns: string[]; postgres?: boolean }
const suites: Suite[] = [
  // One glob per folder: Bun's Glob does not expand a brace list of folders ({a,b}/**), which silently skipped the server suite.
  { name: 'server', args: ['./src/server', './src/shared', './db'], dir: '.', patterns: ['src/server/**/*.test.{ts,tsx}', 'src/shared/**/*.test.{ts,tsx}', 'db/**/*.test.{ts,tsx}'] },
  // The server suite again with every test context on its own PostgreSQL database (decision 019).
  { name: 'server-pg', args: ['./src/server', './db'], dir: '.', patterns: ['src/server/**/*.test.{ts,tsx}', 'db/**/*.test.{ts,tsx}'], postgres: true },
  // Starts its own cluster (it stops and restarts it) and real server processes.
  { name: 'multi-instance', args: ['--timeout', '120000', './test/multi-instance'], dir: '.', patterns: ['test/multi-instance/**/*.test.ts'] },
  { name: 'dom', args: ['--preload', './test/dom.ts', './src/web'], dir: '.', patterns: ['src/web/**/*.test.{ts,tsx}'] },
  { name: 'browser', args: ['--timeout', '60000', './e2e'], dir: '.', patterns: ['e2e/**/*.test.ts'] },
  { name: 'smoke', args: ['--timeout', '300000', './test/smoke'], dir: '.', patterns: ['test/smoke/**/*.test.ts'] },
]

const only = process.argv.slice(2)
await buildClient()

let passed = 0
let failed = 0
let broken = false
for (const suite of suites) {
  if (only.length && !only.includes(suite.name)) continue
  const files = (await Promise.all(suite.patterns.map((p) => Array.fromAsync(new Glob(p).scan('.'))))).flat()
  if (files.length === 0) continue
  console.log(`\n=== ${suite.name} (${files.length} files) ===`)
  let cluster: Cluster | undefined
  if (suite.postgres) {
    cluster = await startCluster()
    console.log(`(PostgreSQL de prueba en ${cluster.url})`)
  }
  const env = cluster ? { ...process.env, TEST_DATABASE_URL: cluster.url } : process.env
  const proc = Bun.spawn(['bun', 'test', ...suite.args], { stdout: 'inherit', stderr: 'pipe', env })
  let output = ''
  const decoder = new TextDecoder()
  for await (const chunk of proc.stderr) {
    const text = decoder.decode(chunk)
    output += text
    process.stderr.write(text)
  }
  const code = await proc.exited
  await cluster?.stop()
  const p = Number(/^\s*(\d+) pass/m.exec(output)?.[1] ?? 0)
  const f = Number(/^\s*(\d+) fail/m.exec(output)?.[1] ?? 0)
  passed += p
  failed += f
  if (code !== 0 && f === 0) broken = true
}

console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failed > 0 || broken ? 1 : 0)
