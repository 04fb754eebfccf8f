/**
 * The one reader of JSON request bodies (registered as the app's parser in app.ts):
 *
 *  1. bytes are capped while streaming (413 past 1 MB, chunked or not);
 *  2. nesting deeper than MAX_JSON_DEPTH is refused (400) by a linear scan BEFORE
 *     JSON.parse, so a 60 KB `[[[[…` costs microseconds, not a recursive parse;
 *  3. a string holding a NUL character (`\u0000`) is refused (400): PostgreSQL cannot
 *     store one in text, and no field of this app has a use for it, so both engines
 *     answer alike instead of one of them failing;
 *  4. validation reports field paths and the schema's messages only: no error path
 *     ever serialises or echoes the received value.
 *
 * Routes declare their `body:` schema in Elysia's options (http/route-contract.server.ts).
 * Elysia's ValidationError pretty-prints the received value into its own message, which
 * error-handler.server.ts never sends; that costs at most a 1 MB, 32-deep value (the
 * limits above, enforced before JSON.parse), measured in docs/decisions/020.
 */
import { HttpError, MESSAGES } from './errors.server'
import { readBodyCapped } from './read-body.server'
import { requestContract } from './request-contract.server'

export const MAX_JSON_BODY_BYTES = 1024 * 1024
export const MAX_JSON_DEPTH = 32

/**
 * What the reader gives Elysia for a route that declares its own `bodyLimit` (uploads):
 * the multipart stream is left unread for the route, which reads it under that cap.
 */
export const UNREAD_BODY = Object.freeze({ unread: true as const })

/**
 * Elysia's body parser for the whole app: JSON, except where a route reads its own body, and
 * on a path no route declares (the app's 404 for unknown API paths): a multipart or text body
 * sent there is not ours to judge, so it gets the same 404 as any other.
 */
export const parseBody = ({ request }: { request: Request }): Promise<unknown> | typeof UNREAD_BODY => {
  const contract = requestContract(request)
  return contract?.bodyLimit || contract?.undeclared ? UNREAD_BODY : readJsonBody(request)
}

const decoder = new TextDecoder('utf-8', { fatal: true })

/** The parsed JSON body of a request, or null when it has none. */
export async function readJsonBody(request: Request): Promise<unknown> {
  const type = request.headers.get('content-type')?.toLowerCase() ?? ''
  const bytes = await readBodyCapped(request, MAX_JSON_BODY_BYTES, MESSAGES.tooLarge)
  if (bytes.byteLength === 0) return null
  if (!/^application\/([\w.+-]+\+)?json\s*(;|$)/.test(type)) throw new HttpError(400, MESSAGES.badContentType)
  let text: string
  try {
    text = decoder.decode(bytes)
  } catch {
    throw new HttpError(400, MESSAGES.badJson)
  }
  return parseJsonText(text)
}

/** JSON.parse behind the depth limit; any failure is a 400 with a fixed Spanish text. */
export function parseJsonText(text: string): unknown {
  if (nestingDepth(text) > MAX_JSON_DEPTH) throw new HttpError(400, MESSAGES.tooDeep)
  if (text.includes('\\u0000') && hasNulEscape(text)) throw new HttpError(400, MESSAGES.nulCharacter)
  try {
    return JSON.parse(text)
  } catch {
    throw new HttpError(400, MESSAGES.badJson)
  }
}

/** The deepest `[`/`{` nesting outside strings (an upper bound for malformed input). */
export function nestingDepth(text: string): number {
  let depth = 0
  let max = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 92 /* \ */) i++
      else if (c === 34 /* " */) inString = false
    } else if (c === 34) inString = true
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > max) max = depth
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--
  }
  return max
}

/** Whether a JSON string holds an escaped NUL (`\u0000`), telling it apart from an escaped backslash followed by "u0000". */
export function hasNulEscape(text: string): boolean {
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 92 /* \ */) {
        if (text.startsWith('u0000', i + 1)) return true
        i++
      } else if (c === 34 /* " */) inString = false
    } else if (c === 34) inString = true
  }
  return false
}
