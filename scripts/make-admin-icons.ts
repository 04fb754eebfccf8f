/**
 * The admin app's icons (issue #43): public/images/admin-icon-{180,192,512}.png, drawn from
 * public/favicon.svg on the cream background (a full square: iOS paints transparency black, and
 * the 512 doubles as the maskable icon, its mark inside the safe circle). Run by hand when the
 * favicon changes: `bun scripts/make-admin-icons.ts`; the PNGs are committed.
 */
import { initWasm, Resvg } from '@resvg/resvg-wasm'
import path from 'node:path'

const root = path.join(import.meta.dir, '..')
await initWasm(await Bun.file(path.join(root, 'node_modules/@resvg/resvg-wasm/index_bg.wasm')).arrayBuffer())
const favicon = await Bun.file(path.join(root, 'public/favicon.svg')).text()
const inner = favicon.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '').replace(/<title>.*?<\/title>/, '')
// The mark at 76% of the square, centred: inside the maskable safe zone (a circle of 80%).
const square = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#fff8ef"/><g transform="translate(7.68 7.68) scale(0.76)">${inner}</g></svg>`
for (const size of [180, 192, 512]) {
  const png = new Resvg(square, { fitTo: { mode: 'width', value: size } }).render().asPng()
  const file = path.join(root, `public/images/admin-icon-${size}.png`)
  await Bun.write(file, png)
  console.log(`${file}: ${png.byteLength} bytes`)
}
