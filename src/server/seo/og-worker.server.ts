/**
 * The preview worker's entry (a third entrypoint of the compiled binary, scripts/build.ts):
 * draws one link preview per message with og-image.server.ts and answers with the JPEG (its
 * buffer transferred, not copied) or the failure. og-renderer.server.ts starts it, sends one
 * job at a time and ends it when idle, so the server's thread never spends the 100-350 ms a
 * drawing takes (issue #39: other requests waited 1.8 s on average behind them).
 */
import { type PreviewJob, renderPreview } from './og-image.server'

declare const self: Worker

/** What the worker answers; `mainThread` says where the drawing ran (tests check it never is the server's). */
export type PreviewOutcome = { ok: true; jpeg: Uint8Array<ArrayBuffer>; mainThread: boolean } | { ok: false; message: string }

self.onmessage = async ({ data: job }: MessageEvent<PreviewJob>) => {
  let outcome: PreviewOutcome
  try {
    outcome = { ok: true, jpeg: await renderPreview(job), mainThread: Bun.isMainThread }
  } catch (error) {
    outcome = { ok: false, message: error instanceof Error ? error.message : String(error) }
  }
  self.postMessage(outcome, outcome.ok ? [outcome.jpeg.buffer] : [])
}
