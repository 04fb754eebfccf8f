/**
 * Every package the server or the pages depend on at run time is one the code imports: a
 * dependency nothing uses still gets installed, audited and shipped to every install
 * (`kysely-bun-sqlite` stayed after the data layer got its own dialect, decision 030).
 * A package counts as used when a module under src/ or scripts/ names it as an import
 * specifier (`'pkg'`, `'pkg/sub/path'`) or embeds a file of it (`node_modules/pkg/...`).
 */
import { expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import path from 'node:path'

const root = path.join(import.meta.dir, '..', '..')
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }

const sources = ['src', 'scripts'].flatMap((dir) =>
  [...new Bun.Glob('**/*.{ts,tsx,css}').scanSync({ cwd: path.join(root, dir) })]
    .filter((file) => !/\.test\.tsx?$/.test(file))
    .map((file) => readFileSync(path.join(root, dir, file), 'utf8')),
)

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

test('every run-time dependency in package.json is imported by the code', () => {
  const names = Object.keys(manifest.dependencies)
  expect(names.length).toBeGreaterThan(10)
  const unused = names.filter((name) => {
    const named = new RegExp(`['"](?:${escape(name)}|[./]*node_modules/${escape(name)})(?:/[^'"]*)?['"]`)
    return !sources.some((text) => named.test(text))
  })
  expect(unused).toEqual([])
})
