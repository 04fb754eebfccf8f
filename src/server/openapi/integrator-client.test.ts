/**
 * The document as an integrator uses it: openapi-typescript generates the types of a
 * client from GET /api/openapi.json, and test/integrator/client.ts (minimal valid calls,
 * errors read as {message, issues?}) must type-check with them under TypeScript 5, the
 * version those tools support. test/integrator is a project of its own (its own
 * node_modules, installed here when missing).
 */
import { expect, test } from 'bun:test'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { createTestApp } from '../testing.server'

const dir = path.join(import.meta.dir, '../../../test/integrator')
const bin = (name: string) => path.join(dir, 'node_modules/.bin', name)

async function run(cmd: string[]) {
  const proc = Bun.spawn(cmd, { cwd: dir, stdout: 'pipe', stderr: 'pipe' })
  const [out, err, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited])
  return { code, output: `${out}${err}` }
}

test('a client generated from /api/openapi.json type-checks minimal valid requests and reads errors', async () => {
  if (!existsSync(bin('openapi-typescript'))) expect((await run([process.execPath, 'install', '--frozen-lockfile'])).code).toBe(0)
  const t = await createTestApp()
  try {
    await Bun.write(path.join(dir, 'openapi.json'), await (await t.request('/api/openapi.json')).text())
  } finally {
    await t.cleanup()
  }
  const generated = await run([bin('openapi-typescript'), 'openapi.json', '--output', 'api.gen.ts'])
  expect(generated).toMatchObject({ code: 0 })
  const checked = await run([bin('tsc'), '-p', 'tsconfig.json'])
  expect(checked.output).toBe('')
  expect(checked.code).toBe(0)
}, 60_000)
