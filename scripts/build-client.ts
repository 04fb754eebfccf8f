/**
 * Builds every client asset and writes the manifest the server embeds.
 *
 *   build/client/   store-[hash].js, admin-[hash].js (+ chunks), *.css
 *   build/compressed/  <url>.br (brotli q11) and <url>.gz (gzip -9) of every text
 *                      file of 1 KB or more, when smaller: the server never
 *                      compresses an asset per request (decision 012)
 *   src/server/assets.gen.ts  imports each file `with { type: 'file' }` so that
 *                              `bun build --compile` embeds it (decision 001),
 *                              with its size, ETag and compressed variants.
 *
 * The landing page and the admin SPA are built separately so that no admin
 * code can ever end up in a chunk the landing page loads.
 */
import { mkdir, readdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { compile, optimize } from '@tailwindcss/node'
import { Scanner } from '@tailwindcss/oxide'
import { contentTypeFor } from '../src/server/assets/content-types'
import { type Encoding, MIN_COMPRESS_BYTES, compressBest, isCompressibleType } from '../src/server/http/compression.server'

const root = path.resolve(import.meta.dir, '..')
const outDir = path.join(root, 'build/client')
const compressedDir = path.join(root, 'build/compressed')
const publicDir = path.join(root, 'public')
const manifestFile = path.join(root, 'src/server/assets.gen.ts')

type Bundle = { name: 'store' | 'admin'; entry: string; css: string }
const bundles: Bundle[] = [
  { name: 'store', entry: 'src/web/store/main.tsx', css: 'src/web/store/store.css' },
  { name: 'admin', entry: 'src/web/admin/main.tsx', css: 'src/web/admin/admin.css' },
]

async function buildJs(bundle: Bundle): Promise<string[]> {
  const result = await Bun.build({
    entrypoints: [path.join(root, bundle.entry)],
    outdir: outDir,
    target: 'browser',
    format: 'esm',
    // Both split: the landing page lazy-loads its customisation drawer (vaul) off the first-paint budget.
    splitting: true,
    minify: true,
    naming: { entry: `${bundle.name}-[hash].[ext]`, chunk: `${bundle.name}-chunk-[hash].[ext]`, asset: '[name]-[hash].[ext]' },
    define: { 'process.env.NODE_ENV': '"production"' },
  })
  if (!result.success) {
    for (const log of result.logs) console.error(log)
    throw new Error(`client build failed: ${bundle.name}`)
  }
  return result.outputs.map((o) => path.relative(outDir, o.path))
}

async function buildCss(bundle: Bundle): Promise<string> {
  const from = path.join(root, bundle.css)
  const input = await Bun.file(from).text()
  const compiler = await compile(input, { base: path.dirname(from), from, onDependency: () => {} })
  const scanner = new Scanner({ sources: compiler.sources })
  const css = optimize(compiler.build(scanner.scan()), { minify: true }).code
  const hash = Bun.hash(css).toString(36).slice(0, 8)
  const file = `${bundle.name}-${hash}.css`
  await Bun.write(path.join(outDir, file), css)
  return file
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
}

type Variant = { file: string; size: number }
type Built = { url: string; file: string; size: number; etag: string; br?: Variant; gzip?: Variant }

/**
 * Standard gzip, made by libdeflate at its highest level: 3% smaller than zlib's -9 on the
 * landing entry (74.3 vs 76.9 KB). Too slow for the server's per-generation compression
 * (which keeps zlib), fine once per build.
 */
const gzipSmallest = (bytes: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> => new Uint8Array(Bun.gzipSync(bytes, { library: 'libdeflate', level: 12 }))

/** Size, ETag and, for text of MIN_COMPRESS_BYTES or more, the brotli/gzip copies that are smaller. */
async function describe(url: string, file: string): Promise<Built> {
  const bytes = new Uint8Array(await Bun.file(file).arrayBuffer())
  const built: Built = { url, file, size: bytes.byteLength, etag: `"${Bun.hash(bytes).toString(36)}"` }
  if (bytes.byteLength < MIN_COMPRESS_BYTES || !isCompressibleType(contentTypeFor(url))) return built
  const variants: [Encoding, string][] = [
    ['br', '.br'],
    ['gzip', '.gz'],
  ]
  await Promise.all(
    variants.map(async ([encoding, ext]) => {
      const out = encoding === 'gzip' ? gzipSmallest(bytes) : await compressBest(bytes, encoding)
      if (out.byteLength >= bytes.byteLength * 0.95) return // not worth a Content-Encoding
      const target = path.join(compressedDir, `${url}${ext}`)
      await Bun.write(target, out)
      built[encoding] = { file: target, size: out.byteLength }
    }),
  )
  return built
}

/** The chunks a bundle's entry imports statically: the landing page preloads them. */
async function staticChunks(entryFile: string): Promise<string[]> {
  const code = await Bun.file(entryFile).text()
  return [...new Set([...code.matchAll(/(?:from|import)\s*"\.\/([\w-]+-chunk-[\w-]+\.js)"/g)].map((m) => `/assets/${m[1]}`))]
}

/**
 * The landing page's only script tag points here: a few bytes that import the store bundle
 * once the browser has painted the server HTML. Downloaded together, the 70 KB bundle
 * shared a slow phone's bandwidth with the hero image (the largest paint); after the
 * first paint it no longer competes with anything the first screen shows.
 */
async function writeStoreBoot(storeJs: string): Promise<string> {
  const code = `requestAnimationFrame(()=>setTimeout(()=>import("./${path.basename(storeJs)}")))\n`
  const file = `store-boot-${Bun.hash(code).toString(36).slice(0, 8)}.js`
  await Bun.write(path.join(outDir, file), code)
  return file
}

export async function buildClient() {
  const started = performance.now()
  await rm(outDir, { recursive: true, force: true })
  await rm(compressedDir, { recursive: true, force: true })
  await mkdir(outDir, { recursive: true })

  const entries: Record<string, string | string[]> = {}
  const files: { url: string; file: string }[] = []
  for (const bundle of bundles) {
    const js = await buildJs(bundle)
    const css = await buildCss(bundle)
    entries[`${bundle.name}Js`] = `/assets/${js.find((f) => f.startsWith(`${bundle.name}-`) && !f.includes('-chunk-') && f.endsWith('.js'))}`
    entries[`${bundle.name}Css`] = `/assets/${css}`
    for (const f of [...js, css]) files.push({ url: `/assets/${f}`, file: path.join(outDir, f) })
  }
  for (const f of await listFiles(publicDir)) files.push({ url: `/${f.split(path.sep).join('/')}`, file: path.join(publicDir, f) })
  entries.storePreload = await staticChunks(path.join(outDir, String(entries.storeJs).slice('/assets/'.length)))
  const boot = await writeStoreBoot(String(entries.storeJs))
  entries.storeBoot = `/assets/${boot}`
  files.push({ url: `/assets/${boot}`, file: path.join(outDir, boot) })
  const built = await Promise.all(files.map((f) => describe(f.url, f.file)))

  const rel = (f: string) => path.relative(path.dirname(manifestFile), f).split(path.sep).join('/')
  const imports: string[] = []
  const importOf = (file: string) => {
    imports.push(`import f${imports.length} from '${rel(file)}' with { type: 'file' }`)
    return `f${imports.length - 1}`
  }
  const variant = (v: Variant | undefined) => (v ? `{ file: ${importOf(v.file)}, size: ${v.size} }` : 'undefined')
  const rows = built.map(
    (b) => `  ${JSON.stringify(b.url)}: { file: ${importOf(b.file)}, size: ${b.size}, etag: ${JSON.stringify(b.etag)}, br: ${variant(b.br)}, gzip: ${variant(b.gzip)} },`,
  )
  const lines = [
    '// Generated by scripts/build-client.ts: do not edit, do not commit.',
    '// @ts-nocheck: file imports (.js, .css, .svg, .br, .gz) have no type declarations; the exports below are typed.',
    "import type { Asset } from './assets/asset-types'",
    ...imports,
    '',
    '/** URL path -> the file (on disk, or inside the compiled executable), its size and ETag, and its brotli/gzip copies. */',
    `export const assets: Record<string, Asset> = {`,
    ...rows,
    '}',
    '',
    '/** URL path -> file path of the plain bytes. */',
    'export const assetFiles: Record<string, string> = Object.fromEntries(Object.entries(assets).map(([url, a]) => [url, a.file]))',
    '',
    `export const entries = ${JSON.stringify(entries, null, 2)} as const`,
    '',
  ]
  await Bun.write(manifestFile, lines.join('\n'))
  const compressed = built.filter((b) => b.br || b.gzip).length
  console.log(`client built in ${Math.round(performance.now() - started)} ms: ${files.length} files, ${compressed} with brotli/gzip copies`)
}

if (import.meta.main) await buildClient()
