/**
 * Starts the real server (from source, as `bun run start` does after the client
 * build) with a fresh temporary DATA_DIR, for browser tests. PORT=0: the system
 * picks a free port and we read it from the server's start-up line, so two
 * suites never collide and nothing polls or sleeps.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

export type TestServer = { url: string; dataDir: string; stop: () => Promise<void> }

const root = path.resolve(import.meta.dir, '../..')

export async function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'chq-e2e-'))
  const proc = Bun.spawn(['bun', 'src/server/main.ts', 'serve'], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
    stdout: 'pipe',
    stderr: 'inherit',
  })
  const port = await Promise.race([
    listeningPort(proc.stdout),
    proc.exited.then((code) => Promise.reject(new Error(`server exited with ${code} before listening`))),
  ])
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    stop: async () => {
      proc.kill('SIGTERM')
      await proc.exited
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/** Reads stdout until the "listening on http://host:port" line; the rest of the output is drained and dropped. */
export async function listeningPort(stdout: ReadableStream<Uint8Array>): Promise<number> {
  const reader = stdout.getReader()
  const decoder = new TextDecoder()
  let text = ''
  for (;;) {
    const { value, done } = await reader.read()
    if (done) throw new Error(`server stdout closed before it listened: ${text}`)
    text += decoder.decode(value, { stream: true })
    const port = /http:\/\/[^\s/]+:(\d+)/.exec(text)?.[1]
    if (port) {
      void (async () => {
        while (!(await reader.read()).done) {
          /* keep the pipe from filling up */
        }
      })()
      return Number(port)
    }
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

export type AdminApi = (pathname: string, init?: { method?: string; json?: unknown; headers?: Record<string, string> }) => Promise<Response>

/** Calls the server's API as the signed-in admin would from the page (same-origin, JSON body when given). */
export function adminApi(url: string, cookie: string): AdminApi {
  return (pathname, init = {}) =>
    fetch(`${url}${pathname}`, {
      method: init.method ?? 'GET',
      headers: { cookie, origin: url, ...(init.json === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    })
}
