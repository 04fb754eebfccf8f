/**
 * Uploaded photos are stored re-encoded as WebP (src/server/uploads/image-pipeline.server.ts)
 * under names that carry their size, so the page can build `srcset`, `width` and
 * `height` from the URL alone, without a schema change:
 *
 *   /uploads/<uuid>-<w>x<h>.webp          the main image, w and h <= MAX_IMAGE_SIDE
 *   /uploads/<uuid>-<w>x<h>-<v>w.webp     the same photo <v> px wide, for each
 *                                         v of VARIANT_WIDTHS smaller than w
 *
 * Older uploads (<uuid>.png|jpg|webp) and the project's own /images/*.svg keep
 * their plain `src`.
 */

/**
 * The main image's longest side is at most this (never upscaled): never wider
 * than 1600 px, and a portrait photo is 1200x1600 rather than 1600x2133.
 */
export const MAX_IMAGE_SIDE = 1600
/** Smaller copies made when narrower than the main image, smallest first. */
export const VARIANT_WIDTHS = [400, 800] as const

const MAIN = /^\/uploads\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})-([1-9]\d{0,4})x([1-9]\d{0,4})\.webp$/

/** Widths of the smaller copies stored beside a main image `width` px wide. */
export const variantWidths = (width: number): number[] => VARIANT_WIDTHS.filter((v) => v < width)

/** Name of the main image of upload `id` (no folder). */
export const mainImageName = (id: string, width: number, height: number): string => `${id}-${width}x${height}.webp`

/** Name of the `variant`-px-wide copy of a main image name. */
export const variantImageName = (mainName: string, variant: number): string => mainName.replace(/\.webp$/, `-${variant}w.webp`)

export type ResponsiveImage = { src: string; srcSet?: string; width?: number; height?: number }

/**
 * `<img>` attributes for an image URL: for a photo of the sized scheme, a
 * `srcSet` of every stored width and its real `width`/`height`; otherwise `{ src }`.
 * Pair it with a `sizes` attribute that says how wide the image is shown.
 */
export function responsiveImage(url: string): ResponsiveImage {
  const match = MAIN.exec(url)
  if (!match) return { src: url }
  const width = Number(match[2])
  const height = Number(match[3])
  const srcSet = [...variantWidths(width).map((v) => `${variantImageName(url, v)} ${v}w`), `${url} ${width}w`].join(', ')
  return { src: url, srcSet, width, height }
}
