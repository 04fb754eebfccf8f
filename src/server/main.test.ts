import { afterAll, describe, expect, test } from 'bun:test'
import { Database } from 'bun:sqlite'
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

const root = path.resolve(import.meta.dir, '../..')
const dataDir = mkdtempSync(path.join(tmpdir(), 'chq-cli-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

async function cli(args: string[], stdin?: string) {
  const proc = Bun.spawn(['bun', 'src/server/main.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir },
    stdin: stdin === undefined ? 'ignore' : new TextEncoder().encode(stdin),
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited])
  return { stdout, stderr, code }
}

const verify = async (password: string) => {
  const db = new Database(path.join(dataDir, 'chilaquiles.db'), { readonly: true })
  const row = db.query<{ password_hash: string }, []>("SELECT * FROM users WHERE username = 'admin'").get()
  const sessions = db.query<{ n: number }, []>('SELECT COUNT(*) AS n FROM sessions').get()?.n ?? -1
  db.close()
  return { ok: row ? await Bun.password.verify(password, row.password_hash) : false, sessions }
}

/** A session row as a sign-in would leave it (the CLI must delete it). */
const plantSession = () => {
  const db = new Database(path.join(dataDir, 'chilaquiles.db'))
  db.run(
    "INSERT INTO sessions (id, token_hash, user_id, created_at, last_used_at, expires_at, user_agent) SELECT 's1', 'h1', id, '2026-01-01', '2026-01-01', '2999-01-01', '' FROM users WHERE username = 'admin'",
  )
  db.close()
}

describe('owner CLI', () => {
  test('--help for the program and each command', async () => {
    const main = await cli(['--help'])
    expect(main.code).toBe(0)
    for (const c of ['serve', 'admin reset-password', 'backup', 'migrate']) expect(main.stdout).toContain(c)
    for (const args of [['serve', '--help'], ['backup', '--help'], ['migrate', '--help'], ['admin', 'reset-password', '--help'], ['admin', '--help']]) {
      const r = await cli(args)
      expect(r.code).toBe(0)
      expect(r.stdout).toContain('Uso: chilaquiles')
    }
  })

  test('bad arguments: clear message, exit code 2', async () => {
    for (const args of [['bogus'], ['backup'], ['backup', 'a', 'b'], ['serve', '--port', '1'], ['admin', 'reset'], ['admin', 'reset-password', '--password', 'short'], ['migrate', 'extra']]) {
      const r = await cli(args)
      expect(`${args.join(' ')} -> ${r.code}`).toBe(`${args.join(' ')} -> 2`)
      expect(r.stderr).toContain('Error')
    }
  })

  test('migrate creates and migrates DATA_DIR, then reports it is up to date', async () => {
    const first = await cli(['migrate'])
    expect(first.code).toBe(0)
    expect(first.stdout).toContain('001_init')
    const again = await cli(['migrate'])
    expect(again.stdout).toContain('al día')
  })

  test('admin reset-password: --password, --stdin, or a generated one printed once; sessions end', async () => {
    const a = await cli(['admin', 'reset-password', '--password', 'clave-del-dueno'])
    expect(a.code).toBe(0)
    const first = await verify('clave-del-dueno')
    expect(first.ok).toBe(true)

    plantSession()
    expect((await verify('clave-del-dueno')).sessions).toBe(1)
    const b = await cli(['admin', 'reset-password', '--stdin'], 'desde-la-entrada\n')
    expect(b.code).toBe(0)
    const second = await verify('desde-la-entrada')
    expect(second.ok).toBe(true)
    expect(second.sessions).toBe(0)

    const c = await cli(['admin', 'reset-password'])
    expect(c.code).toBe(0)
    const generated = /Nueva contraseña: (\S+)/.exec(c.stdout)?.[1] ?? ''
    expect(generated.length).toBeGreaterThanOrEqual(12)
    expect((await verify(generated)).ok).toBe(true)
  })

  test('backup writes a consistent copy with the rows, and refuses to overwrite', async () => {
    const db = new Database(path.join(dataDir, 'chilaquiles.db'))
    db.run("INSERT INTO coverage_zones (name, delivery_cost) VALUES ('Zona 10', 15)")
    db.close()
    const target = path.join(dataDir, 'copia.db')
    const r = await cli(['backup', target])
    expect(r.code).toBe(0)
    expect((statSync(target).mode & 0o777).toString(8)).toBe('600')
    const copy = new Database(target, { readonly: true })
    expect(copy.query<{ name: string }, []>('SELECT name FROM coverage_zones').get()?.name).toBe('Zona 10')
    expect(copy.query<{ n: number }, []>('SELECT COUNT(*) AS n FROM users').get()?.n).toBe(1)
    copy.close()

    const existing = path.join(dataDir, 'existe.db')
    writeFileSync(existing, 'keep me')
    const refused = await cli(['backup', existing])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('ya existe')
    expect(await Bun.file(existing).text()).toBe('keep me')
  })
})

describe('serve', () => {
  test('logs its URL, and on SIGTERM lets a request in flight finish, then exits 0', async () => {
    const servedDir = mkdtempSync(path.join(tmpdir(), 'chq-serve-'))
    // Port 0: the system picks a free port, which the server prints.
    const proc = Bun.spawn(['bun', 'src/server/main.ts', 'serve'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: servedDir, PORT: '0', HOST: '127.0.0.1', SESSION_SECRET: '' },
      stdout: 'pipe',
      stderr: 'pipe',
    })
    const stdout = proc.stdout.getReader()
    let out = ''
    try {
      while (!/escuchando en (http:\/\/\S+)/.test(out)) {
        const { value, done } = await stdout.read()
        if (done) throw new Error(`server did not start: ${await new Response(proc.stderr).text()}`)
        out += new TextDecoder().decode(value)
      }
      const url = /escuchando en (http:\/\/\S+)/.exec(out)?.[1] ?? ''
      await fetch(`${url}/api/auth/create-initial-admin`, { method: 'POST' })
      const login = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'admin123' }) })
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? ''

      // umask 077: the database, its WAL and shared memory, the secret (and, below, uploads) are private to the owner.
      const modes = () =>
        [...new Bun.Glob('**/*').scanSync({ cwd: servedDir, onlyFiles: true })].map((f) => `${f} ${(statSync(path.join(servedDir, f)).mode & 0o777).toString(8)}`)
      expect(modes()).toEqual(expect.arrayContaining(['chilaquiles.db 600', 'chilaquiles.db-wal 600', 'chilaquiles.db-shm 600', 'session-secret 600']))
      expect(modes().filter((m) => !m.endsWith(' 600'))).toEqual([])

      // A slow upload: the body arrives in pieces, SIGTERM lands in the middle.
      const boundary = 'slowboundary'
      const enc = new TextEncoder()
      const head = enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`)
      const png = new Uint8Array(await Bun.file(path.join(root, 'e2e/fixtures/tiny.png')).arrayBuffer())
      const tail = enc.encode(`\r\n--${boundary}--\r\n`)
      const total = head.length + png.length + tail.length
      let step = 0
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (step === 0) controller.enqueue(head)
          else if (step === 1) {
            proc.kill('SIGTERM')
            await Bun.sleep(300)
            controller.enqueue(png)
          } else {
            controller.enqueue(tail)
            controller.close()
          }
          step++
        },
      })
      const res = await fetch(`${url}/api/upload/product-image`, {
        method: 'POST',
        headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(total) },
        body,
        duplex: 'half',
      } as RequestInit)
      expect(res.status).toBe(201)
      expect(await proc.exited).toBe(0)
      for (;;) {
        const { value, done } = await stdout.read()
        if (done) break
        out += new TextDecoder().decode(value)
      }
      expect(out).toContain(`Chilaquiles escuchando en ${url}`)
      expect(out).toContain('Servidor detenido')

      expect(modes().some((m) => m.startsWith('uploads/'))).toBe(true)
      expect(modes().filter((m) => !m.endsWith(' 600'))).toEqual([])
    } finally {
      if (proc.exitCode === null) proc.kill('SIGKILL')
      rmSync(servedDir, { recursive: true, force: true })
    }
  }, 30_000)
})
