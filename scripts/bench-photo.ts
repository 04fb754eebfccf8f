/**
 * `bun scripts/bench-photo.ts [photo.jpg]`: time and memory of re-encoding one
 * upload (src/server/uploads/image-pipeline.server.ts), as the server does it.
 *
 * Without an argument it makes a 12-megapixel (4000x3000) phone-like JPEG with
 * EXIF (Orientation 6) in the temp folder. The measurement runs in a fresh child
 * process so its peak RSS (VmHWM) is the pipeline's alone: the first conversion
 * includes compiling the WASM codecs, then warm ones follow.
 */
import { tmpdir } from 'node:os'
import path from 'node:path'

const [flag, file] = process.argv.slice(2)

if (flag === '--measure' && file) {
  const { processImage } = await import('../src/server/uploads/image-pipeline.server')
  const { sniffImage } = await import('../src/server/uploads/uploads.server')
  const peakMb = async () => Number(/VmHWM:\s+(\d+)/.exec(await Bun.file('/proc/self/status').text())?.[1] ?? 0) / 1024
  const bytes = new Uint8Array(await Bun.file(file).arrayBuffer())
  const kind = sniffImage(bytes)
  if (!kind) throw new Error(`${file}: not a PNG, JPEG or WebP`)
  console.log(`input ${file}: ${(bytes.length / 1024 / 1024).toFixed(1)} MB; process before: RSS ${Math.round(process.memoryUsage().rss / 1024 / 1024)} MB`)
  for (const round of ['first (compiles the codecs)', 'warm', 'warm', 'warm']) {
    if (process.env.BENCH_PAUSE) await Bun.sleep(Number(process.env.BENCH_PAUSE))
    const rssBefore = Math.round(process.memoryUsage().rss / 1024 / 1024)
    const started = performance.now()
    const out = await processImage(bytes, kind)
    const ms = Math.round(performance.now() - started)
    const sizes = [out.main, ...out.variants].map((i) => `${i.width}x${i.height} ${Math.round(i.data.length / 1024)} KB`).join(', ')
    console.log(`${round.padEnd(28)} ${String(ms).padStart(5)} ms   RSS before ${rssBefore} MB, peak ${Math.round(await peakMb())} MB   -> ${sizes}`)
  }
  // The pipeline ends its worker after each conversion; terminate() returns before the
  // thread and its codec heaps are gone, so give it a second before reading.
  await Bun.sleep(1000)
  Bun.gc(true)
  console.log(`RSS 1 s after the last conversion, after a full GC: ${Math.round(process.memoryUsage().rss / 1024 / 1024)} MB`)
  process.exit(0)
}

let input = flag
if (!input) {
  input = path.join(tmpdir(), 'chq-bench-photo-12mp.jpg')
  if (!(await Bun.file(input).exists())) {
    const { phonePhoto } = await import('../test/fixtures/photos')
    await Bun.write(input, await phonePhoto(4000, 3000, 6, true))
  }
}
const child = Bun.spawn([process.execPath, import.meta.path, '--measure', input], { stdout: 'inherit', stderr: 'inherit' })
process.exit(await child.exited)
