/**
 * The image worker's entry (a second entrypoint of the compiled binary, scripts/build.ts):
 * converts one upload per message with image-convert.server.ts and answers with the
 * encoded files (their buffers transferred, not copied) or the kind of failure.
 * image-pipeline.server.ts starts it, sends one job at a time and ends it when idle.
 */
import { NotDecodable, TooManyPixels, convert } from './image-convert.server'
import type { ConvertJob, ConvertOutcome } from './image-pipeline.server'

declare const self: Worker

self.onmessage = async ({ data: job }: MessageEvent<ConvertJob>) => {
  let outcome: ConvertOutcome
  try {
    const image = await convert(job.bytes, job.kind, job.orientation)
    outcome = { ok: true, image }
  } catch (error) {
    const failure = error instanceof NotDecodable ? 'not-decodable' : error instanceof TooManyPixels ? 'too-many-pixels' : 'failed'
    outcome = { ok: false, failure, message: error instanceof Error ? error.message : String(error) }
  }
  const transfer = outcome.ok ? [outcome.image.main, ...outcome.image.variants].map((file) => file.data.buffer as ArrayBuffer) : []
  self.postMessage(outcome, transfer)
}
