/** Reading a server-sent-events answer in tests (the board's stream, a tracking page's). */
import { type OrderEvent, parseOrderEvent } from '../shared/order-events'

/** Reads an SSE body block by block (blocks end with a blank line). */
export function sse(res: Response) {
  if (!res.body) throw new Error('no body')
  const reader = res.body.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  const nextBlock = async (): Promise<string | null> => {
    for (;;) {
      const end = buffer.indexOf('\n\n')
      if (end !== -1) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        return block
      }
      const { value, done } = await reader.read()
      if (done) return null
      buffer += decoder.decode(value, { stream: true })
    }
  }
  return {
    nextBlock,
    /** The next `event: order` (heartbeats and comments skipped); null when the stream ended. */
    async nextEvent(): Promise<OrderEvent | null> {
      for (;;) {
        const block = await nextBlock()
        if (block === null) return null
        const lines = block.split('\n')
        if (!lines.includes('event: order')) continue
        const data = lines.find((l) => l.startsWith('data: '))?.slice(6) ?? ''
        return parseOrderEvent(data)
      }
    },
    /** Resolves once the server ended the stream (every remaining block is read and dropped). */
    async ended(): Promise<void> {
      while ((await nextBlock()) !== null) {
        /* heartbeats */
      }
    },
    cancel: () => reader.cancel(),
  }
}

