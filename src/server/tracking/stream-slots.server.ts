/**
 * Open tracking streams per client address, on this instance: a few (a customer with
 * the page open on a phone and a laptop, a family sharing a wifi), never hundreds from one
 * address. Each instance counts its own streams, which is what each one has to bear.
 */
export const MAX_STREAMS_PER_ADDRESS = 4

export function createStreamSlots(max = MAX_STREAMS_PER_ADDRESS) {
  const open = new Map<string, number>()
  return {
    /** Takes a slot for `address`: a release function, or null when the address has `max` open. */
    take(address: string): (() => void) | null {
      const count = open.get(address) ?? 0
      if (count >= max) return null
      open.set(address, count + 1)
      let released = false
      return () => {
        if (released) return
        released = true
        const left = (open.get(address) ?? 1) - 1
        if (left <= 0) open.delete(address)
        else open.set(address, left)
      }
    },
    /** Open streams of an address (tests). */
    count: (address: string) => open.get(address) ?? 0,
  }
}
