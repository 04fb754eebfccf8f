/**
 * The one reader of JSON request bodies (registered as the app's parser in app.ts):
 *
 *  1. bytes are capped while streaming (413 past 1 MB, chunked or not);
 *  2. nesting deeper than MAX_JSON_DEPTH is refused (400) by a linear scan BEFORE
 *     JSON.parse, so a 60 KB `[[[[…` costs microseconds, not a recursive parse;
 *  3. a string holding a NUL character (`\u0000`) is refused (400): PostgreSQL cannot
 *     store one in text, and no field of this app has a use for it, so both engines
 *     answer alike instead of one of them failing;
 *  4. validation (`validate`) reports field paths and the schema's messages only:
 *     no error path ever serialises or echoes the received value.
 *
 * Routes never declare `body:` schemas in Elysia's options: Elysia's own
 * ValidationError pretty-prints the whole received value (seconds of CPU and a
 * stack overflow on a deep body). They call `validate(schema, body)` instead.
 */
import type { z } from 'zod'
import { HttpError, MESSAGES } from './errors.server'
import { readBodyCapped } from './read-body.server'
import { isUploadPath, pathnameOf } from './request-path.server'

export const MAX_JSON_BODY_BYTES = 1024 * 1024
export const MAX_JSON_DEPTH = 32

/**
 * What the reader gives Elysia for an upload: the multipart stream is left unread
 * for the upload route, which reads it under its own 10 MB cap.
 */
export const UNREAD_BODY = Object.freeze({ unread: true as const })

/** Elysia's body parser for the whole app: uploads stream their own bodies, everything else is JSON. */
export const parseBody = ({ request }: { request: Request }): Promise<unknown> | typeof UNREAD_BODY =>
  isUploadPath(pathnameOf(request.url)) ? UNREAD_BODY : readJsonBody(request)

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

/** Parses `value` with a shared schema; a failure is 400 naming each field, never the value sent. */
export function validate<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const issues = result.error.issues.slice(0, 20).map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }))
  throw new HttpError(400, MESSAGES.invalidData, issues)
}
