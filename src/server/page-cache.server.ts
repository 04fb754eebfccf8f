/**
 * Holds rendered public pages (the landing page) and the JSON of the public
 * menu reads (cached-json.server.ts) between writes.
 *
 * Rendering React on every request runs at about 0.4x the throughput of
 * sending the same bytes (STACK-NOTES); the menu changes only when an
 * administrator writes, so the app clears this cache after every successful
 * write to the API (see app.ts) and the next visitor renders it afresh.
 */
export type CachedPage = { body: Uint8Array<ArrayBuffer>; etag: string }

export class PageCache {
  #pages = new Map<string, CachedPage>()
  #generation = 0

  /** Changes on every invalidation; a slow render keeps its result only if this did not move meanwhile. */
  get generation() {
    return this.#generation
  }

  get(key: string) {
    return this.#pages.get(key)
  }

  /** Stores `body` unless the cache was invalidated since `generation` (a write landed while it was made). */
  set(key: string, body: Uint8Array<ArrayBuffer>, generation = this.#generation): CachedPage {
    const entry = { body, etag: `"${Bun.hash(body).toString(36)}"` }
    if (generation === this.#generation) this.#pages.set(key, entry)
    return entry
  }

  invalidate() {
    this.#generation++
    this.#pages.clear()
  }
}
