/**
 * Draws a link preview (1200x630 JPEG, under 300 KB) from its job: the words, and the photo's
 * bytes as the server's thread read them (og-renderer.server.ts). Runs in the preview worker
 * (og-worker.server.ts), never on the server's thread: a drawing takes 100-350 ms of CPU.
 *
 * Drawing: og-card.server.ts writes the SVG; resvg renders it. An SVG photo of our own
 * (the seed's dishes, the hero) is drawn inside that SVG; a raster photo (an upload, WebP
 * since decision 011) is decoded, cropped to fill its box, resized, and put under the
 * rendered panel (whose pixels come premultiplied: `card + photo * (1 - alpha)`). No photo
 * (a dish without one, or one that does not decode): the card's own pattern in its place.
 */
import type { Pixels } from '../uploads/image-pixels.server'
import type { ImageKind } from '../uploads/image-kind.server'
import { PHOTO_BOX, PREVIEW_HEIGHT, PREVIEW_WIDTH, type PreviewText, previewFontOptions, previewSvg } from './og-card.server'
import { decodeRaster, encodeJpeg, renderSvg, resize } from './og-codecs.server'

/** WhatsApp drops previews over 300 KB (and Facebook asks for less than 8 MB): we stay well under. */
export const MAX_PREVIEW_BYTES = 300 * 1024
const QUALITIES = [82, 72, 60, 48]
/** Behind the panel and the photo: masa cream (shows only through a see-through SVG photo). */
const BACKGROUND = '#fdecc0'
/** The same colour as one little-endian RGBA word. */
const BACKGROUND_RGBA = 0xffc0ecfd

/** A photo as read from where it is kept: an SVG's text, or a raster file's bytes and kind. */
export type PhotoSource = { kind: 'svg'; svg: string } | { kind: 'raster'; bytes: Uint8Array; type: ImageKind }

/** What the worker is sent: the words and the photo (null: a card of words only). */
export type PreviewJob = { text: PreviewText; photo: PhotoSource | null }

const svgDataUrl = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`

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

async function draw(text: PreviewText, photo: PhotoSource | null): Promise<Pixels> {
  const options = { ...(await previewFontOptions()), background: BACKGROUND }
  if (photo?.kind === 'svg') return renderSvg(await previewSvg(text, { href: svgDataUrl(photo.svg) }), options)
  const pixels = photo ? await decodeRaster(photo.bytes, photo.type) : null
  if (!pixels) return renderSvg(await previewSvg(text, 'none'), options)
  const [card, placed] = await Promise.all([renderSvg(await previewSvg(text, 'raster'), { ...options, background: undefined }), cover(pixels, PHOTO_BOX.width, PHOTO_BOX.height)])
  return composite(card, placed)
}

/** The preview as JPEG: the highest of QUALITIES that stays under MAX_PREVIEW_BYTES. */
export async function renderPreview(job: PreviewJob): Promise<Uint8Array<ArrayBuffer>> {
  const pixels = await draw(job.text, job.photo)
  let jpeg = new Uint8Array(0)
  for (const quality of QUALITIES) {
    jpeg = await encodeJpeg(pixels, quality)
    if (jpeg.byteLength <= MAX_PREVIEW_BYTES) break
  }
  return jpeg
}
