/**
 * The layering docs/architecture.md promises, checked on the source itself:
 *  - src/shared imports nothing from the server or the web;
 *  - src/server/http (the HTTP plumbing) imports no feature folder: only the
 *    infrastructure it sits on (db, cache) and src/shared;
 *  - no import cycle anywhere in src (type-only imports included: a cycle of types is
 *    still a knot a reader has to untie).
 */
import { describe, expect, test } from 'bun:test'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'

const src = path.join(import.meta.dir, '..')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) return sourceFiles(full)
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [full] : []
  })
}

const IMPORT = /^\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm

/** The files of src a file imports (relative and `@/` imports, resolved to a file). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  const found: string[] = []
  for (const match of text.matchAll(IMPORT)) {
    const spec = match[1] ?? match[2] ?? ''
    const base = spec.startsWith('@/') ? path.join(src, spec.slice(2)) : spec.startsWith('.') ? path.resolve(path.dirname(file), spec) : null
    if (!base) continue
    const resolved = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((candidate) => {
      try {
        return statSync(candidate).isFile()
      } catch {
        return false
      }
    })
    if (resolved) found.push(resolved)
  }
  return found
}

const files = sourceFiles(src)
const graph = new Map(files.map((file) => [file, importsOf(file)]))
const rel = (file: string) => path.relative(src, file)

describe('layering', () => {
  test('the import graph is read (a parser that finds nothing would pass everything)', () => {
    expect(files.length).toBeGreaterThan(200)
    expect([...graph.values()].flat().length).toBeGreaterThan(800)
    expect(graph.get(path.join(src, 'server/app.ts'))).toContain(path.join(src, 'server/products/products.route.ts'))
  })

  test('src/shared imports only src/shared', () => {
    const outside = files
      .filter((f) => rel(f).startsWith('shared/'))
      .flatMap((f) => (graph.get(f) ?? []).filter((to) => !rel(to).startsWith('shared/')).map((to) => `${rel(f)} -> ${rel(to)}`))
    expect(outside).toEqual([])
  })

  test('src/server/http imports no feature folder', () => {
    const allowed = ['server/http/', 'server/db/', 'server/cache/', 'shared/']
    const features = files
      .filter((f) => rel(f).startsWith('server/http/'))
      .flatMap((f) => (graph.get(f) ?? []).filter((to) => !allowed.some((a) => rel(to).startsWith(a))).map((to) => `${rel(f)} -> ${rel(to)}`))
    expect(features).toEqual([])
  })

  test('no import cycle in src', () => {
    const cycles: string[] = []
    const state = new Map<string, 'open' | 'done'>()
    const stack: string[] = []
    const visit = (file: string) => {
      state.set(file, 'open')
      stack.push(file)
      for (const next of graph.get(file) ?? []) {
        if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next].map(rel).join(' -> '))
        else if (!state.has(next)) visit(next)
      }
      stack.pop()
      state.set(file, 'done')
    }
    for (const file of files) if (!state.has(file)) visit(file)
    expect(cycles).toEqual([])
  })
})
