/**
 * The order in which the page cache lets entries (and origins) go: a doubly linked list
 * threaded through the items themselves, so that adding, removing and taking the oldest are
 * O(1) whatever the length.
 *
 * Not a Map's insertion order: in Bun (JavaScriptCore) a deleted entry leaves a slot that
 * iteration steps over until the table is rebuilt, so taking the oldest key again and again
 * (`keys().next()`, delete, set) grows with the deletions: measured ~0.9 µs per eviction at 16
 * entries, ~2.7 µs at 2,000 and ~220 µs at 100,000 (scripts/probe-host-flood.ts floods it).
 */
export type Queued<T> = { prev: T | null; next: T | null }

export class Queue<T extends Queued<T>> {
  #head: T | null = null
  #tail: T | null = null

  /** The item queued longest ago, or null. */
  get first(): T | null {
    return this.#head
  }

  /** Appends `item` (not in any queue) as the newest. */
  push(item: T) {
    item.prev = this.#tail
    item.next = null
    if (this.#tail) this.#tail.next = item
    else this.#head = item
    this.#tail = item
  }

  /** Takes `item` (in this queue) out. */
  remove(item: T) {
    if (item.prev) item.prev.next = item.next
    else this.#head = item.next
    if (item.next) item.next.prev = item.prev
    else this.#tail = item.prev
    item.prev = null
    item.next = null
  }
}
