/**
 * `bun run build`: the release executable dist/chilaquiles.
 *
 *  1. client bundles + CSS + public files, and the manifest src/server/assets.gen.ts
 *     that imports each `with { type: 'file' }` (so they are embedded);
 *  2. `bun build --compile --minify --bytecode --format=esm --splitting` of
 *     src/server/main.ts, with NODE_ENV fixed to production at compile time. SQL
 *     migrations are embedded by their `with { type: 'text' }` imports
 *     (db/migrations/index.ts). Splitting puts each dynamically imported part (the
 *     Elysia app, React's renderer, the photo codecs) in its own chunk inside the
 *     binary, loaded on first use: the start-up loads ~30 KB of code instead of the
 *     whole bundle (entry reached in ~7 ms instead of ~12; decision 016). The image
 *     worker (src/server/uploads/image-worker.server.ts) and the link previews' worker
 *     (src/server/seo/og-worker.server.ts) are entrypoints too, so they are embedded.
 *  3. the schema snapshot: the migrations applied to a temporary database, whose bytes
 *     are defined in the binary (CHQ_SCHEMA_SNAPSHOT, deflated); a new data folder starts
 *     from them instead of running every migration (~4-6 ms; db/schema-snapshot.ts,
 *     openMigrated in src/server/db/sqlite.server.ts, decision 018).
 *  4. the fast path's three list queries compiled to SQL by Kysely (CHQ_STARTUP_READS),
 *     so that a start answers the menu without loading Kysely (db/startup-reads.server.ts,
 *     decision 019).
 *
 * Copied alone into an empty folder the binary runs and creates ./data there
 * (test/smoke/binary.test.ts proves it).
 */
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { encodeSchemaSnapshot, makeSchemaSnapshot } from '../db/schema-snapshot'
import { compileStartupQueries } from '../src/server/db/compile-startup-reads.server'
import { contractTable } from '../src/server/http/route-contract.server'
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
      '--format=esm',
      '--splitting',
      '--define',
      'process.env.NODE_ENV="production"',
      '--define',
      `CHQ_SCHEMA_SNAPSHOT=${JSON.stringify(encodeSchemaSnapshot(makeSchemaSnapshot()))}`,
      // The fast path's list queries, compiled by Kysely now so that a start need not load it (decision 019).
      '--define',
      `CHQ_STARTUP_READS=${JSON.stringify(JSON.stringify(await startupQueriesOfTheRoutes()))}`,
      'src/server/main.ts',
      // The photo conversions' worker (uploads/image-pipeline.server.ts finds it under uploads/ in the binary).
      'src/server/uploads/image-worker.server.ts',
      // The link previews' worker (seo/og-renderer.server.ts finds it under seo/ in the binary).
      'src/server/seo/og-worker.server.ts',
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

/** The compiled list reads under the paths the routes declare them on (an app made on a throwaway database, only to read its routes). */
async function startupQueriesOfTheRoutes() {
  // Imported only now: the app embeds src/server/assets.gen.ts, which buildClient() has just
  // written; a static import would fail on a clean clone, before the build could make it.
  const [{ createApp }, { createTestContext }] = await Promise.all([import('../src/server/app'), import('../src/server/testing.server')])
  const ctx = await createTestContext()
  try {
    return compileStartupQueries(contractTable(createApp(ctx).routes).contracts)
  } finally {
    await ctx.cleanup()
  }
}

if (import.meta.main) await buildRelease()
