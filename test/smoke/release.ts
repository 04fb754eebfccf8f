/** The release binary, built once per test process however many smoke files ask for it. */
import { chmodSync, copyFileSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { buildRelease } from '../../scripts/build'

let built: Promise<string> | undefined

export function releaseBinary(): Promise<string> {
  built ??= buildRelease()
  return built
}

/** The binary copied ALONE into a new empty folder, as an owner would put it on a box. */
export async function releaseAlone(prefix: string): Promise<{ dir: string; binary: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), prefix))
  const binary = path.join(dir, 'chilaquiles')
  copyFileSync(await releaseBinary(), binary)
  chmodSync(binary, 0o755)
  return { dir, binary }
}
