/**
 * A throwaway PostgreSQL cluster for tests and benchmarks (Debian's postgresql package,
 * PostgreSQL 15): initdb in a temporary folder owned by the `postgres` user (the server
 * refuses to run as root), started on a free port on 127.0.0.1 only, stopped and removed
 * by `stop()`. fsync and full_page_writes are off (test data only; nothing here simulates the OS crashing). Commits stay synchronous: an acknowledged row survives the server being killed (`halt`).
 *
 *   const pg = await startCluster()   // pg.url: postgres://postgres@127.0.0.1:PORT/postgres
 *   ...
 *   await pg.stop()
 *
 * `bun scripts/pg-cluster.ts` starts one, prints its URL and waits for Ctrl-C.
 */
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

export type Cluster = { url: string; port: number; dir: string; stop(): Promise<void>; restart(): Promise<void>; halt(): Promise<void>; start(): Promise<void> }

export function postgresBin(): string {
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : []
  const found = versions.map((v) => path.join(root, v, 'bin')).find((bin) => existsSync(path.join(bin, 'initdb')))
  if (!found) throw new Error('PostgreSQL no está instalado: apt-get install -y postgresql')
  return found
}

function run(args: string[], asPostgres: boolean): void {
  const cmd = asPostgres && process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--', ...args] : args
  const result = Bun.spawnSync(cmd, { stdout: 'pipe', stderr: 'pipe' })
  if (result.exitCode !== 0) throw new Error(`${args[0]} falló: ${result.stderr.toString()}${result.stdout.toString()}`)
}

async function freePort(): Promise<number> {
  const server = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } })
  const port = server.port
  server.stop(true)
  return port
}

export async function startCluster(): Promise<Cluster> {
  const bin = postgresBin()
  const dir = mkdtempSync(path.join(tmpdir(), 'chq-pg-'))
  const uid = Number(Bun.spawnSync(['id', '-u', 'postgres']).stdout.toString().trim())
  const gid = Number(Bun.spawnSync(['id', '-g', 'postgres']).stdout.toString().trim())
  if (process.getuid?.() === 0) {
    chownSync(dir, uid, gid)
    chmodSync(dir, 0o700)
  }
  const data = path.join(dir, 'data')
  run([path.join(bin, 'initdb'), '-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync'], true)
  const port = await freePort()
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=1000`
  const start = async () => run([path.join(bin, 'pg_ctl'), '-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start'], true)
  const halt = async () => run([path.join(bin, 'pg_ctl'), '-D', data, '-m', 'immediate', '-w', 'stop'], true)
  await start()
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    start,
    halt,
    async restart() {
      await halt()
      await start()
    },
    async stop() {
      try {
        run([path.join(bin, 'pg_ctl'), '-D', data, '-m', 'fast', '-w', 'stop'], true)
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}

if (import.meta.main) {
  const cluster = await startCluster()
  console.log(cluster.url)
  const stop = () => void cluster.stop().then(() => process.exit(0))
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}
