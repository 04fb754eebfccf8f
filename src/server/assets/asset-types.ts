/** The shape of one entry of the generated manifest (src/server/assets.gen.ts, written by scripts/build-client.ts). */
export type AssetVariant = { file: string; size: number }

export type Asset = {
  /** The plain bytes: a path on disk, or inside the compiled executable. */
  file: string
  size: number
  /** Strong validator of the plain bytes (a content hash); each compressed copy adds a suffix. */
  etag: string
  /** brotli q11 / gzip -9 copies made at build time, when they are smaller. */
  br?: AssetVariant
  gzip?: AssetVariant
}
