/**
 * `bun run build`: the release executable dist/chilaquiles.
 *
 *  1. client bundles + CSS + public files, and the manifest src/server/assets.gen.ts
 *     that imports each `with { type: 'file' }` (so they are embedded);
 *  2. `bun build --compile --minify --bytecode` of src/server/main.ts, with
 *     NODE_ENV fixed to production at compile time. SQL migrations are embedded
 *     by their `with { type: 'text' }` imports (db/migrations/index.ts).
 *
 * Copied alone into an empty folder the binary runs and creates ./data there
 * (test/smoke/binary.test.ts proves it).
 */
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { buildClient } from './build-client'

const root = path.resolve(import.meta.dir, '..')
export const outfile = path.join(root, 'dist/chilaquiles')

export async function buildRelease(): Promise<string> {
  await buildClient()
  await mkdir(path.dirname(outfile), { recursive: true })
  const started = performance.now()
  const proc = Bun.spawn(
    [
      process.execPath,
      'build',
      '--compile',
      '--minify',
      '--bytecode',
      '--define',
      'process.env.NODE_ENV="production"',
      'src/server/main.ts',
      '--outfile',
      outfile,
    ],
    { cwd: root, stdout: 'inherit', stderr: 'inherit' },
  )
  const code = await proc.exited
  if (code !== 0) throw new Error(`bun build --compile failed with exit code ${code}`)
  const size = Bun.file(outfile).size
  console.log(`${path.relative(root, outfile)}: ${(size / 1024 / 1024).toFixed(1)} MB in ${Math.round(performance.now() - started)} ms`)
  return outfile
}

if (import.meta.main) await buildRelease()
