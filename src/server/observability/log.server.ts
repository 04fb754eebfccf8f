/**
 * LOG_FORMAT=json: every line the server writes becomes one JSON object (decision 032),
 * `{"time","level","message"}`, plus `requestId` when it is written while a request is being
 * answered, and a line per request (request-observer.server.ts) with its route, status and
 * duration. The server writes through `console` everywhere (as do the libraries it runs), so
 * the format is applied there, once, rather than in every caller: no line can escape it.
 *
 * The default, LOG_FORMAT=text, leaves `console` as it is: the readable lines of before.
 */
import { AsyncLocalStorage } from 'node:async_hooks'

export type LogLevel = 'info' | 'warn' | 'error'

/** The request being answered, for the lines written meanwhile. */
export const requestScope = new AsyncLocalStorage<{ requestId: string }>()

const text = (value: unknown) => (typeof value === 'string' ? value : value instanceof Error ? (value.stack ?? value.message) : Bun.inspect(value, { compact: true }))

/** One line as a log collector reads it. */
export function jsonLine(level: LogLevel, message: string, fields: Record<string, unknown> = {}): string {
  const requestId = requestScope.getStore()?.requestId
  return JSON.stringify({ time: new Date().toISOString(), level, message, ...(requestId ? { requestId } : {}), ...fields })
}

type Writers = { out: (line: string) => void; err: (line: string) => void }

const standardWriters: Writers = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
}

/** From now on `console` writes JSON lines (info to stdout, warnings and errors to stderr, as before). */
export function useJsonLogs(writers: Writers = standardWriters): void {
  const write = (level: LogLevel, to: (line: string) => void) => (...args: unknown[]) => to(jsonLine(level, args.map(text).join(' ')))
  console.log = write('info', writers.out)
  console.info = write('info', writers.out)
  console.warn = write('warn', writers.err)
  console.error = write('error', writers.err)
}
