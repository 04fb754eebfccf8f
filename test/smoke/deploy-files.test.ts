/**
 * The Dockerfile and compose.yaml cannot be built or started here (no container engine), so
 * they are checked as far as they can be: linted (dockerfilelint, dclint, both from npm), and
 * the Dockerfile's build stage runs exactly the commands the smoke suite builds its binary
 * with in a clean copy of the source (release.ts), so an image that would not build shows
 * up as a red smoke test first.
 */
import { describe, expect, test } from 'bun:test'
import path from 'node:path'
import { BUILD_COMMANDS } from './release'

const root = path.resolve(import.meta.dir, '../..')
const bin = (name: string) => path.join(root, 'node_modules/.bin', name)

function run(command: string[]) {
  const proc = Bun.spawnSync(command, { cwd: root, stdout: 'pipe', stderr: 'pipe' })
  return { code: proc.exitCode, out: `${proc.stdout.toString()}${proc.stderr.toString()}` }
}

describe('deployment files', () => {
  test('dockerfilelint finds no issue in the Dockerfile', () => {
    const { code, out } = run([bin('dockerfilelint'), '-o', 'json', 'Dockerfile'])
    const report = JSON.parse(out) as { totalIssues: number; files: { issues: { line: string; title: string }[] }[] }
    expect(report.files.flatMap((f) => f.issues.map((i) => `${i.line}: ${i.title}`))).toEqual([])
    expect(code).toBe(0)
  })

  test('dclint finds neither an error nor a warning in compose.yaml', () => {
    const { code, out } = run([bin('dclint'), '--max-warnings', '0', 'compose.yaml'])
    expect({ code, out: out.trim() }).toEqual({ code: 0, out: '' })
  })

  test("the Dockerfile's build stage runs the clean-clone build's commands, in order, after copying the source", async () => {
    const dockerfile = await Bun.file(path.join(root, 'Dockerfile')).text()
    const build = dockerfile.slice(dockerfile.indexOf('AS build'), dockerfile.indexOf('\nFROM ', dockerfile.indexOf('AS build')))
    const runs = [...build.matchAll(/^RUN (.+)$/gm)].map((m) => m[1])
    expect(runs).toEqual(BUILD_COMMANDS.map((c) => c.join(' ')))
    expect(build.indexOf('COPY . .')).toBeLessThan(build.lastIndexOf('RUN bun run build'))
  })
})
