/**
 * Builds every client asset and writes the manifest the server embeds.
 *
 *   build/client/   store-[hash].js, admin-[hash].js (+ chunks), *.css
 *   build/compressed/  <url>.br (brotli q11) and <url>.gz (gzip -9) of every text
 *                      file of 1 KB or more, when smaller: the server never
 *                      compresses an asset per request (decision 012)
 *   src/server/assets.gen.ts  imports each file `with { type: 'file' }` so that
 *                              `bun build --compile` embeds it (decision 001),
 *                              with its size, ETag and compressed variants, and
 *                              `entries`: the entry files and, for the admin, the
 *                              chunks each screen loads (adminScreens) and its
 *                              loading markup (decision 020).
 *
 * The landing page and the admin SPA are built separately so that no admin
 * code can ever end up in a chunk the landing page loads.
 */
import { mkdir, readdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { compile, optimize } from '@tailwindcss/node'
import { type ComponentType, type ReactElement, createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { Scanner } from '@tailwindcss/oxide'
import { ADMIN_PAGES, type AdminPageId, type PublicSpaPageId } from '../src/shared/admin-routes'
import { contentTypeFor } from '../src/server/assets/content-types'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter, Route, Routes } from 'react-router'
import { Loading } from '../src/web/admin/components/loading'
import LoginPage from '../src/web/admin/pages/login/login-page'
import { type Encoding, MIN_COMPRESS_BYTES, compressBest, isCompressibleType } from '../src/server/http/compression.server'

const root = path.resolve(import.meta.dir, '..')
const outDir = path.join(root, 'build/client')
const compressedDir = path.join(root, 'build/compressed')
const publicDir = path.join(root, 'public')
const manifestFile = path.join(root, 'src/server/assets.gen.ts')

type Bundle = { name: 'store' | 'admin' | 'track'; entry: string; css: string; minChunkSize?: number }
const bundles: Bundle[] = [
  { name: 'store', entry: 'src/web/store/main.tsx', css: 'src/web/store/store.css' },
  // Chunks under 16 KB of source with no top-level side effects fold into a chunk their
  // importers load anyway (Bun's own option, the value its docs give for browsers): 32 files
  // instead of 67, no lazy module made eager (decision 020).
  { name: 'admin', entry: 'src/web/admin/main.tsx', css: 'src/web/admin/admin.css', minChunkSize: 16 * 1024 },
  // The tracking page: server-rendered, its script only swaps in fresh server HTML (decision 023).
  { name: 'track', entry: 'src/web/track/live.ts', css: 'src/web/track/track.css' },
]

type BuiltJs = { files: string[]; metafile: Bun.BuildMetafile }

async function buildJs(bundle: Bundle): Promise<BuiltJs> {
  const result = await Bun.build({
    entrypoints: [path.join(root, bundle.entry)],
    outdir: outDir,
    target: 'browser',
    format: 'esm',
    // Both split: the landing page lazy-loads its customisation drawer (vaul) off the first-paint budget.
    splitting: true,
    minChunkSize: bundle.minChunkSize,
    minify: true,
    metafile: true,
    naming: { entry: `${bundle.name}-[hash].[ext]`, chunk: `${bundle.name}-chunk-[hash].[ext]`, asset: '[name]-[hash].[ext]' },
    define: { 'process.env.NODE_ENV': '"production"' },
  })
  if (!result.success || !result.metafile) {
    for (const log of result.logs) console.error(log)
    throw new Error(`client build failed: ${bundle.name}`)
  }
  return { files: result.outputs.map((o) => path.relative(outDir, o.path)), metafile: result.metafile }
}

/**
 * The admin SPA's screens: each one React.lazy-loads in src/web/admin/app.tsx, by the id
 * the server knows it by (src/shared/admin-routes.ts), plus the layout around every /admin
 * page and the 404 page. Typed by the route table, so a new page fails the type check
 * until it is listed here; a module app.tsx no longer lazy-loads fails the build.
 */
export type AdminScreen = AdminPageId | PublicSpaPageId | 'layout' | 'not-found'
const ADMIN_SCREENS: Record<AdminScreen, string> = {
  login: 'pages/login/login-page.tsx',
  'setup-admin': 'pages/setup-admin/setup-admin-page.tsx',
  layout: 'components/layout/admin-layout.tsx',
  'not-found': 'pages/not-found/not-found-page.tsx',
  dashboard: 'pages/dashboard/dashboard-page.tsx',
  productos: 'pages/productos/productos-page.tsx',
  pedidos: 'pages/pedidos/pedidos-page.tsx',
  reportes: 'pages/reportes/reportes-page.tsx',
  clientes: 'pages/clientes/clientes-page.tsx',
  suscriptores: 'pages/suscriptores/suscriptores-page.tsx',
  promociones: 'pages/promociones/promociones-page.tsx',
  cartel: 'pages/cartel/cartel-page.tsx',
  mesas: 'pages/mesas/mesas-page.tsx',
  usuarios: 'pages/usuarios/usuarios-page.tsx',
  'zonas-cobertura': 'pages/zonas/zonas-page.tsx',
  ingredientes: 'pages/ingredientes/ingredientes-page.tsx',
  categorias: 'pages/categorias/categorias-page.tsx',
  opciones: 'pages/opciones/opciones-page.tsx',
  configuracion: 'pages/configuracion/configuracion-page.tsx',
  'api-keys': 'pages/api-keys/api-keys-page.tsx',
  'inicializar-bd': 'pages/inicializar-bd/inicializar-bd-page.tsx',
  'mi-perfil': 'pages/mi-perfil/mi-perfil-page.tsx',
}

/**
 * What the admin shell shows until the app has rendered: the app's own loading state
 * (components/loading.tsx, what React shows while a screen's chunk loads), rendered here
 * once so the HTML and the app cannot drift apart. The first paint then needs only the
 * HTML and the stylesheet, not the 85 KB (brotli) entry run on a phone.
 */
function adminLoadingHtml(): string {
  return renderToStaticMarkup(createElement(Loading))
}

/**
 * The sign-in screen itself, rendered here so that /login paints its form from the HTML
 * alone: the first paint is the largest one (Lighthouse's LCP went from 1.87 s to the
 * first paint, decision 020) instead of waiting for ~135 KB of script. It is `inert` until
 * the app renders the same screen in its place, so nothing typed into it can be lost.
 */
function adminLoginHtml(): string {
  return prerendered('/login', createElement(LoginPage))
}

/**
 * An /admin page as it first shows (layout, title, its loading states; no data: queries
 * have not run), so the frame paints from the HTML while the code and the data come.
 * Pages whose first render needs the browser fall back to 'Cargando...'.
 */
async function adminPagesHtml(): Promise<Partial<Record<AdminPageId, string>>> {
  const { default: AdminLayout } = await import('../src/web/admin/components/layout/admin-layout')
  const pages: Partial<Record<AdminPageId, string>> = {}
  for (const page of ADMIN_PAGES) {
    try {
      const { default: Page } = (await import(`../src/web/admin/${ADMIN_SCREENS[page.id]}`)) as { default: ComponentType }
      const tree = createElement(Routes, null, createElement(Route, { element: createElement(AdminLayout) }, createElement(Route, { path: page.path, element: createElement(Page) })))
      pages[page.id] = prerendered(page.path, tree)
    } catch (error) {
      console.warn(`(admin ${page.id}: sin HTML previo: ${error instanceof Error ? error.message : String(error)})`)
    }
  }
  return pages
}

/** A screen rendered at `path` with an empty query cache, `inert` until the app renders it for real in its place. */
function prerendered(path: string, screen: ReactElement): string {
  const tree = createElement(QueryClientProvider, { client: new QueryClient() }, createElement(MemoryRouter, { initialEntries: [path] }, screen))
  return `<div inert>${renderToStaticMarkup(tree)}</div>`
}

/**
 * From the build's metafile: the chunks the admin entry imports statically, and for each
 * screen the chunk its lazy import loads plus every chunk that one imports, transitively
 * (the entry left out: it is the page's script). The admin-spa route announces a path's
 * list with <link rel="modulepreload">, so the page's code downloads beside the entry
 * instead of after it has run.
 */
function adminChunks(metafile: Bun.BuildMetafile, entryUrl: string): { preload: string[]; screens: Record<AdminScreen, string[]> } {
  const url = (out: string) => `/assets/${path.posix.normalize(out)}`
  const closure = (start: string): string[] => {
    const seen = new Set<string>()
    const visit = (out: string) => {
      if (seen.has(out)) return
      seen.add(out)
      for (const i of metafile.outputs[out]?.imports ?? []) if (i.kind === 'import-statement') visit(i.path)
    }
    visit(start)
    return [...seen].map(url).filter((u) => u !== entryUrl)
  }
  const entryOut = Object.keys(metafile.outputs).find((out) => url(out) === entryUrl)
  if (!entryOut) throw new Error(`admin entry ${entryUrl} is not in the metafile`)
  // Which output each import() of app.tsx loads, by the source file it was built from.
  const lazyTargets = new Map<string, string>()
  for (const i of metafile.inputs['src/web/admin/app.tsx']?.imports ?? []) if (i.kind === 'dynamic-import' && i.entryPoint) lazyTargets.set(i.entryPoint, i.path)
  const listed = new Set(Object.values(ADMIN_SCREENS).map((file) => `src/web/admin/${file}`))
  const unlisted = [...lazyTargets.keys()].filter((file) => !listed.has(file))
  if (unlisted.length > 0) throw new Error(`app.tsx lazy-loads ${unlisted.join(', ')}: add it to ADMIN_SCREENS`)
  const screens = {} as Record<AdminScreen, string[]>
  for (const [screen, file] of Object.entries(ADMIN_SCREENS) as [AdminScreen, string][]) {
    const out = lazyTargets.get(`src/web/admin/${file}`)
    if (!out) throw new Error(`admin screen '${screen}': src/web/admin/${file} is not lazy-loaded by app.tsx (see ADMIN_SCREENS)`)
    screens[screen] = closure(out)
  }
  return { preload: closure(entryOut), screens }
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
async function writeBoot(name: string, entryJs: string): Promise<string> {
  // After the first paint: announce the chunks the shell lists on this script (data-preload), then run the entry.
  const code =
    `requestAnimationFrame(()=>setTimeout(()=>{for(const h of (document.querySelector("script[data-preload]")?.dataset.preload??"").split(" ").filter(Boolean)){const l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.append(l)}import("./${path.basename(entryJs)}")}))\n`
  const file = `${name}-boot-${Bun.hash(code).toString(36).slice(0, 8)}.js`
  await Bun.write(path.join(outDir, file), code)
  return file
}

export async function buildClient() {
  const started = performance.now()
  await rm(outDir, { recursive: true, force: true })
  await rm(compressedDir, { recursive: true, force: true })
  await mkdir(outDir, { recursive: true })

  const entries: Record<string, string | string[] | Record<string, string[]> | Partial<Record<string, string>>> = {}
  const files: { url: string; file: string }[] = []
  for (const bundle of bundles) {
    const { files: js, metafile } = await buildJs(bundle)
    const css = await buildCss(bundle)
    const entryJs = `/assets/${js.find((f) => f.startsWith(`${bundle.name}-`) && !f.includes('-chunk-') && f.endsWith('.js'))}`
    entries[`${bundle.name}Js`] = entryJs
    entries[`${bundle.name}Css`] = `/assets/${css}`
    if (bundle.name === 'admin') {
      const { preload, screens } = adminChunks(metafile, entryJs)
      entries.adminPreload = preload
      entries.adminScreens = screens
      entries.adminLoading = adminLoadingHtml()
      entries.adminLogin = adminLoginHtml()
      entries.adminPages = await adminPagesHtml()
    }
    for (const f of [...js, css]) files.push({ url: `/assets/${f}`, file: path.join(outDir, f) })
  }
  for (const f of await listFiles(publicDir)) files.push({ url: `/${f.split(path.sep).join('/')}`, file: path.join(publicDir, f) })
  entries.storePreload = await staticChunks(path.join(outDir, String(entries.storeJs).slice('/assets/'.length)))
  for (const name of ['store', 'admin'] as const) {
    // store: decision 017; admin: the sign-in screen, painted from its HTML first (decision 020).
    const boot = await writeBoot(name, String(entries[`${name}Js`]))
    entries[`${name}Boot`] = `/assets/${boot}`
    files.push({ url: `/assets/${boot}`, file: path.join(outDir, boot) })
  }
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
