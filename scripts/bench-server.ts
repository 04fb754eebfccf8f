/**
 * One real server for a benchmark script: from source (`bun src/server/main.ts serve` in
 * `cwd`, which may be another checkout for a before/after) or a built binary, on a port of
 * its own, with an empty DATA_DIR of its own unless `env.DATA_DIR` names one to reuse (then
 * it is kept). Resolves once the server says where it listens; its log goes to this stderr.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { listeningPort } from '../e2e/support/server'

export type BenchServer = { url: string; port: number; pid: number; stop: () => Promise<void> }

export type BenchServerOptions = {
  /** The checkout to run from source (default: this one). */
  cwd?: string
  /** A built binary to run instead of the source. */
  binary?: string
  /** Arguments for `bun` before the script (a CPU profile's flags). */
  bunFlags?: string[]
  env?: Record<string, string>
}

const root = path.resolve(import.meta.dir, '..')

export async function startBenchServer({ cwd = root, binary, bunFlags = [], env = {} }: BenchServerOptions = {}): Promise<BenchServer> {
  const ownDataDir = env.DATA_DIR === undefined
  const dataDir = env.DATA_DIR ?? (await mkdtemp(path.join(tmpdir(), 'chq-bench-')))
  const command = binary ? [binary, 'serve'] : ['bun', ...bunFlags, 'src/server/main.ts', 'serve']
  const proc = Bun.spawn(command, {
    cwd,
    // TRUST_PROXY: each simulated customer says which address it is (X-Forwarded-For), so per-address limits apply as to a crowd.
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', TRUST_PROXY: '1', NODE_ENV: 'production', ...env, DATA_DIR: dataDir },
    stdout: 'pipe',
    stderr: 'inherit',
  })
  const port = await Promise.race([
    listeningPort(proc.stdout),
    proc.exited.then((code) => Promise.reject(new Error(`the server exited with ${code} before listening`))),
  ])
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: proc.pid,
    stop: async () => {
      proc.kill('SIGTERM')
      // A server holding thousands of streams may take its whole grace to close them.
      await Promise.race([proc.exited, Bun.sleep(15_000).then(() => proc.kill('SIGKILL'))])
      await proc.exited
      if (ownDataDir) await rm(dataDir, { recursive: true, force: true })
    },
  }
}
