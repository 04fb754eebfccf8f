/**
 * Scheduled backups (decision 026): with BACKUP_EVERY set and SQLite, a consistent copy of
 * the live database every interval, in DATA_DIR/backups/chilaquiles-YYYYMMDD-HHMMSS.db
 * (UTC), the newest BACKUP_KEEP kept. Each copy is made by the executable's own
 * `backup FILE` command (VACUUM INTO, a plain SQLite file) in a child process: bun:sqlite
 * is synchronous, and a copy made in the server's thread would hold every request for its
 * duration. WAL lets the copy read a snapshot while the server goes on writing. Photos
 * never change once uploaded, so the uploads folder is mirrored into backups/uploads/ (new
 * files only). A failed copy is logged and tried again at the next tick.
 */
import { copyFile, mkdir, readdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Config } from '../config.server'

export const BACKUP_PREFIX = 'chilaquiles-'
const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)

/** The command that runs this executable's `backup` (from source: bun with the server's entry file, whoever started us). */
function backupCommand(target: string): string[] {
  const compiled = Bun.main.startsWith('/$bunfs/')
  return compiled ? [process.execPath, 'backup', target] : [process.execPath, path.resolve(import.meta.dir, '../main.ts'), 'backup', target]
}

export type BackupResult = { file: string; bytes: number; ms: number }

/** One copy now (and the mirror of new photos), then the oldest beyond `keep` removed. */
export async function backupOnce(config: Config, now: Date = new Date()): Promise<BackupResult> {
  const dir = path.join(config.dataDir, 'backups')
  await mkdir(dir, { recursive: true })
  const file = path.join(dir, `${BACKUP_PREFIX}${stamp(now)}.db`)
  const started = performance.now()
  const proc = Bun.spawn(backupCommand(file), { env: { ...process.env, DATA_DIR: config.dataDir, DATABASE_URL: '' }, stdout: 'ignore', stderr: 'pipe' })
  const [code, errors] = await Promise.all([proc.exited, new Response(proc.stderr).text()])
  if (code !== 0) throw new Error(errors.trim() || `la copia terminó con el código ${code}`)
  await mirrorUploads(config.uploadsDir, path.join(dir, 'uploads'))
  await prune(dir, config.backupKeep)
  return { file, bytes: (await stat(file)).size, ms: performance.now() - started }
}

/** Made even when there are no photos yet, so the README's restore steps work on any box. */
async function mirrorUploads(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true })
  const files = await readdir(from).catch(() => [] as string[])
  const have = new Set(await readdir(to))
  for (const name of files) if (!have.has(name)) await copyFile(path.join(from, name), path.join(to, name))
}

async function prune(dir: string, keep: number): Promise<void> {
  const copies = (await readdir(dir)).filter((f) => f.startsWith(BACKUP_PREFIX) && f.endsWith('.db')).sort()
  for (const old of copies.slice(0, Math.max(0, copies.length - keep))) await rm(path.join(dir, old), { force: true })
}

/**
 * Starts the schedule (SQLite only; on PostgreSQL it says whose job backups are). The first
 * copy is made one interval after the start. `stop` ends it (shutdown).
 */
export function startBackups(config: Config, log: (line: string) => void = console.log, onSuccess: (at: Date) => void = () => {}): { stop: () => void } {
  if (config.backupEveryMs === null) return { stop: () => {} }
  if (config.databaseUrl !== null) {
    log('Copias de seguridad: con PostgreSQL son tarea de la base de datos (pg_dump o las copias automáticas de su proveedor); BACKUP_EVERY no se usa.')
    return { stop: () => {} }
  }
  const every = config.backupEveryMs
  log(`Copias de seguridad: cada ${every / 1000} s en ${path.join(config.dataDir, 'backups')}, se guardan las ${config.backupKeep} más recientes.`)
  let timer: ReturnType<typeof setTimeout> | undefined
  let stopped = false
  const tick = async () => {
    try {
      const done = await backupOnce(config)
      log(`Copia de seguridad: ${path.basename(done.file)} (${(done.bytes / 1024).toFixed(0)} KB, ${done.ms.toFixed(0)} ms)`)
      onSuccess(new Date())
    } catch (error) {
      console.error(`Copia de seguridad fallida (se intentará de nuevo en la próxima): ${error instanceof Error ? error.message : String(error)}`)
    }
    if (!stopped) timer = setTimeout(() => void tick(), every)
  }
  timer = setTimeout(() => void tick(), every)
  return {
    stop() {
      stopped = true
      clearTimeout(timer)
    },
  }
}
