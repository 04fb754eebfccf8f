/**
 * Instances of the real server (from source, as `bun run start` runs it) sharing one
 * PostgreSQL database, each with its own empty DATA_DIR: whatever they share must come
 * through the database.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'

export type Instance = { url: string; logs: () => string; stop: () => Promise<void>; kill9: () => Promise<void> }

const root = path.resolve(import.meta.dir, '../..')

export async function startInstance(databaseUrl: string, env: Record<string, string> = {}): Promise<Instance> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'chq-multi-'))
  const proc = Bun.spawn(['bun', 'src/server/main.ts', 'serve'], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, ...env },
    stdout: 'pipe',
    stderr: 'pipe',
  })
  let output = ''
  const drain = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder()
    for await (const chunk of stream) output += decoder.decode(chunk, { stream: true })
  }
  void drain(proc.stdout)
  void drain(proc.stderr)
  const deadline = Date.now() + 60_000
  let port: string | undefined
  while (!(port = /escuchando en http:\/\/[^\s/]+:(\d+)/.exec(output)?.[1])) {
    if (proc.exitCode !== null) throw new Error(`the instance exited with ${proc.exitCode}: ${output}`)
    if (Date.now() > deadline) throw new Error(`the instance did not listen: ${output}`)
    await Bun.sleep(20)
  }
  const cleanup = () => rm(dataDir, { recursive: true, force: true })
  return {
    url: `http://127.0.0.1:${port}`,
    logs: () => output,
    stop: async () => {
      proc.kill('SIGTERM')
      await proc.exited
      await cleanup()
    },
    kill9: async () => {
      proc.kill('SIGKILL')
      await proc.exited
      await cleanup()
    },
  }
}

/** Runs `bun src/server/main.ts <args>` to its end: exit code and output. */
export async function runCli(args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  const proc = Bun.spawn(['bun', 'src/server/main.ts', ...args], { cwd: root, env: { ...process.env, ...env }, stdout: 'pipe', stderr: 'pipe' })
  const [out, err] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()])
  return { code: await proc.exited, out: out + err }
}

export type Api = (pathname: string, init?: { method?: string; json?: unknown; headers?: Record<string, string>; body?: BodyInit }) => Promise<Response>

/** Calls an instance as a page of the site would (same-origin), with `cookie` when given. */
export const apiOf =
  (url: string, cookie?: string): Api =>
  (pathname, init = {}) =>
    fetch(`${url}${pathname}`, {
      method: init.method ?? 'GET',
      headers: {
        origin: url,
        ...(cookie ? { cookie } : {}),
        ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      body: init.json === undefined ? init.body : JSON.stringify(init.json),
    })

export const cookieFrom = (res: Response) => (res.headers.get('set-cookie') ?? '').split(';')[0] ?? ''

/** Reads an event stream until `match` is seen in it or `ms` pass; resolves with the time it took, or null. */
export async function waitForEvent(res: Response, match: (text: string) => boolean, ms: number): Promise<number | null> {
  const started = performance.now()
  const reader = (res.body as ReadableStream<Uint8Array>).getReader()
  const decoder = new TextDecoder()
  let text = ''
  const timeout = setTimeout(() => void reader.cancel(), ms)
  try {
    for (;;) {
      const { value, done } = await reader.read()
      if (done) return null
      text += decoder.decode(value, { stream: true })
      if (match(text)) return performance.now() - started
    }
  } catch {
    return null
  } finally {
    clearTimeout(timeout)
    void reader.cancel().catch(() => {})
  }
}
