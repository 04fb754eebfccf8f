/**
 * Starts the real server (from source, as `bun run start` does after the client
 * build) on a free port with a fresh temporary DATA_DIR, for browser tests.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Subprocess } from 'bun'

export type TestServer = { url: string; dataDir: string; stop: () => Promise<void> }

const root = path.resolve(import.meta.dir, '../..')

export async function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'chq-e2e-'))
  const port = 20000 + Math.floor(Math.random() * 20000)
  const proc: Subprocess = Bun.spawn(['bun', 'src/server/main.ts', 'serve'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
    stdout: 'ignore',
    stderr: 'inherit',
  })
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 15_000
  for (;;) {
    try {
      const res = await fetch(`${url}/api/products`)
      if (res.ok) break
    } catch {
      /* not listening yet */
    }
    if (proc.exitCode !== null) throw new Error(`server exited with ${proc.exitCode}`)
    if (Date.now() > deadline) throw new Error('server did not start within 15 s')
    await Bun.sleep(50)
  }
  return {
    url,
    dataDir,
    stop: async () => {
      proc.kill('SIGTERM')
      await proc.exited
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** Signs in as the default admin (creating it first) and returns the cookie header. */
export async function adminCookie(url: string): Promise<string> {
  await fetch(`${url}/api/auth/create-initial-admin`, { method: 'POST', headers: { origin: url } })
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ username: 'admin', password: 'admin123' }),
  })
  if (!res.ok) throw new Error(`login failed: ${res.status}`)
  return (res.headers.get('set-cookie') ?? '').split(';')[0] ?? ''
}

/** Loads the seed set through the API, as the Inicializar BD page does. */
export async function seed(url: string): Promise<void> {
  const cookie = await adminCookie(url)
  const res = await fetch(`${url}/api/admin/initialize-database`, { method: 'POST', headers: { cookie, origin: url } })
  if (!res.ok) throw new Error(`seed failed: ${res.status} ${await res.text()}`)
}
