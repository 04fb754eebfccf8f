/** The release binary, built once per test process however many smoke files ask for it. */
import { buildRelease } from '../../scripts/build'

let built: Promise<string> | undefined

export function releaseBinary(): Promise<string> {
  built ??= buildRelease()
  return built
}
