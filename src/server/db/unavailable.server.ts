/**
 * Whether an error means "the database cannot answer right now" (down, restarting,
 * unreachable, locked past the wait): the request gets 503 and may be retried; it is
 * not our bug (500) and not the client's (4xx). Decision 019.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false
  const { code, errno } = error as { code?: unknown; errno?: unknown }
  if (typeof code === 'string') {
    // Bun's PostgreSQL client: ERR_POSTGRES_CONNECTION_CLOSED, _TIMEOUT, …; the socket's own codes.
    // Our own wait for a free connection ran out (bun-sql-dialect.server.ts): overloaded, not broken.
    if (code === 'ERR_POOL_TIMEOUT') return true
    if (code.startsWith('ERR_POSTGRES_CONNECTION') || code === 'ERR_POSTGRES_IDLE_TIMEOUT' || code === 'ERR_POSTGRES_LIFETIME_TIMEOUT') return true
    if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'ETIMEDOUT' || code === 'EPIPE') return true
    // SQLite still locked by another process after busy_timeout (a backup, the CLI).
    if (code === 'SQLITE_BUSY') return true
  }
  // PostgreSQL's own: class 08 (connection exception), 57P01-57P03 (shutting down, cannot
  // connect now), 57014 (statement cancelled), 53300 (too many connections), and the
  // transaction conflicts a retry resolves: 40001 (serialization), 40P01 (deadlock).
  return (
    typeof errno === 'string' &&
    (errno.startsWith('08') || ['57P01', '57P02', '57P03', '57014', '53300', '40001', '40P01'].includes(errno))
  )
}
