/**
 * Makes a link preview (1200x630 JPEG, under 300 KB) from its spec (preview-spec.server.ts)
 * and keeps the last ones made, by version.
 *
 * Drawing: og-card.server.ts writes the SVG; resvg renders it. An SVG photo of our own
 * (the seed's dishes, the hero) is drawn inside that SVG; a raster photo (an upload, WebP
 * since decision 011) is decoded, cropped to fill its box, resized, and put under the
 * rendered panel (whose pixels come premultiplied: `card + photo * (1 - alpha)`).
 */
import { assetFiles } from '../assets.gen'
import { readDimensions } from '../uploads/image-header.server'
import type { Pixels } from '../uploads/image-pixels.server'
import { sniffImage } from '../uploads/image-kind.server'
import type { PhotoStore } from '../uploads/photo-store.server'
import { UPLOAD_NAME } from '../uploads/uploads.server'
import { PHOTO_BOX, PREVIEW_HEIGHT, PREVIEW_WIDTH, type PreviewText, previewFontOptions, previewSvg } from './og-card.server'
import { decodeRaster, encodeJpeg, renderSvg, resize } from './og-codecs.server'
import { FALLBACK_PHOTO, type PreviewSpec, previewVersion } from './preview-spec.server'

/** WhatsApp drops previews over 300 KB (and Facebook asks for less than 8 MB): we stay well under. */
export const MAX_PREVIEW_BYTES = 300 * 1024
const QUALITIES = [82, 72, 60, 48]
/** Behind the panel and the photo: masa cream (shows only through a see-through SVG photo). */
const BACKGROUND = '#fdecc0'
/** The same colour as one little-endian RGBA word. */
const BACKGROUND_RGBA = 0xffc0ecfd

type Photo = { kind: 'svg'; svg: string } | { kind: 'raster'; pixels: Pixels }

const svgDataUrl = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`

/** The photo's pixels or SVG text; null when it cannot be read or decoded (the caller falls back). */
async function readPhoto(url: string, photos: PhotoStore): Promise<Photo | null> {
  if (url.startsWith('/images/')) {
    const file = Object.hasOwn(assetFiles, url) ? assetFiles[url] : undefined
    if (!file) return null
    return url.endsWith('.svg') ? { kind: 'svg', svg: await Bun.file(file).text() } : raster(await Bun.file(file).bytes())
  }
  const name = url.slice('/uploads/'.length)
  if (!url.startsWith('/uploads/') || !UPLOAD_NAME.test(name)) return null
  const blob = await photos.read(name)
  return blob ? raster(new Uint8Array(await blob.arrayBuffer())) : null
}

/**
 * Uploads since decision 011 are at most 1600 px; an older one kept as sent could be a phone's
 * 48 MP: decoded on the server's thread that is ~200 MB for a thumbnail, so it is not drawn.
 */
const MAX_SOURCE_PIXELS = 16_000_000

async function raster(bytes: Uint8Array): Promise<Photo | null> {
  const kind = sniffImage(bytes)
  const size = kind ? readDimensions(bytes, kind) : null
  if (!kind || !size || size.width * size.height > MAX_SOURCE_PIXELS) return null
  const pixels = await decodeRaster(bytes, kind)
  return pixels ? { kind: 'raster', pixels } : null
}

/** The centre of `image` cut to the box's proportions, then resized to fill it exactly. */
async function cover(image: Pixels, width: number, height: number): Promise<Pixels> {
  const target = width / height
  const cropWidth = Math.min(image.width, Math.round(image.height * target))
  const cropHeight = Math.min(image.height, Math.round(image.width / target))
  const left = (image.width - cropWidth) >> 1
  const top = (image.height - cropHeight) >> 1
  const data = new Uint8ClampedArray(cropWidth * cropHeight * 4)
  for (let row = 0; row < cropHeight; row++) {
    const from = ((top + row) * image.width + left) * 4
    data.set(image.data.subarray(from, from + cropWidth * 4), row * cropWidth * 4)
  }
  return resize({ data, width: cropWidth, height: cropHeight }, width, height)
}

/** `card` (premultiplied, from resvg) over the photo placed in PHOTO_BOX on the background colour. */
function composite(card: Pixels, photo: Pixels): Pixels {
  const under = new Uint8ClampedArray(PREVIEW_WIDTH * PREVIEW_HEIGHT * 4)
  new Uint32Array(under.buffer).fill(BACKGROUND_RGBA)
  for (let row = 0; row < PHOTO_BOX.height; row++) {
    const from = row * PHOTO_BOX.width * 4
    under.set(photo.data.subarray(from, from + PHOTO_BOX.width * 4), ((PHOTO_BOX.y + row) * PREVIEW_WIDTH + PHOTO_BOX.x) * 4)
  }
  const top = card.data
  for (let i = 0; i < under.length; i += 4) {
    const keep = 1 - (top[i + 3] ?? 0) / 255
    under[i] = (top[i] ?? 0) + (under[i] ?? 0) * keep
    under[i + 1] = (top[i + 1] ?? 0) + (under[i + 1] ?? 0) * keep
    under[i + 2] = (top[i + 2] ?? 0) + (under[i + 2] ?? 0) * keep
    under[i + 3] = 255
  }
  return { data: under, width: PREVIEW_WIDTH, height: PREVIEW_HEIGHT }
}

async function draw(text: PreviewText, photo: Photo): Promise<Pixels> {
  const options = { ...(await previewFontOptions()), background: BACKGROUND }
  if (photo.kind === 'svg') return renderSvg(await previewSvg(text, svgDataUrl(photo.svg)), options)
  const [card, placed] = await Promise.all([renderSvg(await previewSvg(text, null), { ...options, background: undefined }), cover(photo.pixels, PHOTO_BOX.width, PHOTO_BOX.height)])
  return composite(card, placed)
}

/** The preview as JPEG: the highest of QUALITIES that stays under MAX_PREVIEW_BYTES. */
export async function renderPreview(spec: PreviewSpec, photos: PhotoStore): Promise<Uint8Array<ArrayBuffer>> {
  const photo = (await readPhoto(spec.photo, photos)) ?? (await readPhoto(FALLBACK_PHOTO, photos)) ?? { kind: 'svg', svg: '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="3"/>' }
  const pixels = await draw(spec.text, photo)
  let jpeg = new Uint8Array(0)
  for (const quality of QUALITIES) {
    jpeg = await encodeJpeg(pixels, quality)
    if (jpeg.byteLength <= MAX_PREVIEW_BYTES) break
  }
  return jpeg
}

// ---- the cache --------------------------------------------------------------

/** Previews kept (each < 300 KB, most ~60-150 KB): the store's and the dishes' shared most. */
export const MAX_KEPT_PREVIEWS = 40

const kept = new Map<string, Promise<Uint8Array<ArrayBuffer>>>()
/** One drawing at a time: each holds a few 3 MB pixel buffers and the codecs' heaps. */
let tail: Promise<unknown> = Promise.resolve()

/**
 * The preview of `spec`, made once per version and kept (least recently asked for goes
 * first past MAX_KEPT_PREVIEWS). Keyed by the version, not emptied by writes: a change to
 * what a preview shows is a new version, anything else leaves it as it is. Concurrent
 * requests for one version share one drawing; a failed drawing is not kept.
 */
export function previewImage(spec: PreviewSpec, photos: PhotoStore): Promise<Uint8Array<ArrayBuffer>> {
  const version = previewVersion(spec)
  const found = kept.get(version)
  if (found) {
    kept.delete(version)
    kept.set(version, found)
    return found
  }
  const made = tail.then(() => renderPreview(spec, photos))
  tail = made.catch(() => {})
  kept.set(version, made)
  made.catch(() => kept.delete(version))
  while (kept.size > MAX_KEPT_PREVIEWS) {
    const oldest = kept.keys().next().value
    if (oldest === undefined) break
    kept.delete(oldest)
  }
  return made
}
