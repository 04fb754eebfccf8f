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
    const started = performance.now()
    const out = await processImage(bytes, kind)
    const ms = Math.round(performance.now() - started)
    const sizes = [out.main, ...out.variants].map((i) => `${i.width}x${i.height} ${Math.round(i.data.length / 1024)} KB`).join(', ')
    console.log(`${round.padEnd(28)} ${String(ms).padStart(5)} ms   peak RSS ${Math.round(await peakMb())} MB   -> ${sizes}`)
  }
  Bun.gc(true)
  console.log(`RSS after a full GC: ${Math.round(process.memoryUsage().rss / 1024 / 1024)} MB`)
  process.exit(0)
}

let input = flag
if (!input) {
  input = path.join(tmpdir(), 'chq-bench-photo-12mp.jpg')
  if (!(await Bun.file(input).exists())) {
    const { jpegOf, withExif } = await import('../test/fixtures/photos')
    const [width, height] = [4000, 3000]
    const data = new Uint8ClampedArray(width * height * 4)
    // Smooth shapes plus sensor-like noise: about as hard to code as a real photo (~3-5 MB at q90).
    let seed = 42
    const noise = () => ((seed = (seed * 1103515245 + 12345) >>> 0) >>> 24) / 8 - 16
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 4
        const wave = 40 * Math.sin(x / 90) * Math.cos(y / 70)
        data[i] = 150 + wave + (x / width) * 80 + noise()
        data[i + 1] = 90 + wave / 2 + (y / height) * 100 + noise()
        data[i + 2] = 60 - wave + noise()
        data[i + 3] = 255
      }
    }
    await Bun.write(input, withExif(await jpegOf(new ImageData(data, width, height), 90), 6))
  }
}
const child = Bun.spawn([process.execPath, import.meta.path, '--measure', input], { stdout: 'inherit', stderr: 'inherit' })
process.exit(await child.exited)
