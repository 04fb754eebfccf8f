/**
 * The known-device cookie (decision 029): failed sign-ins are counted per username across
 * every address, so a guesser with many addresses is slowed down; a browser that has signed
 * in to an account before carries proof of it and is not held by that count, so nobody can
 * lock the owner out by failing on purpose (OWASP's "device cookie").
 *
 * The cookie is `<username, base64url>.<HMAC-SHA256(secret, "device:" + username)>`: it
 * proves a past success for that username only, says nothing else, and is worthless without
 * the server's secret. It still counts against the per-address and per-account limits.
 */
import { timingSafeEqual } from 'node:crypto'
import { readCookie } from './sessions.server'

export const DEVICE_COOKIE = 'chq_device'
const DEVICE_MAX_AGE_SECONDS = 180 * 24 * 60 * 60

export function knownDevices(secret: string) {
  const mac = (username: string) => new Bun.CryptoHasher('sha256', secret).update(`device:${username.toLowerCase()}`).digest('base64url')
  return {
    /** The Set-Cookie of a browser that just signed in as `username`. */
    cookie(username: string, https: boolean): string {
      const value = `${Buffer.from(username.toLowerCase()).toString('base64url')}.${mac(username)}`
      return `${DEVICE_COOKIE}=${value}; Path=/api/auth; HttpOnly; SameSite=Strict; Max-Age=${DEVICE_MAX_AGE_SECONDS}${https ? '; Secure' : ''}`
    },
    /** Whether this browser signed in as `username` before. */
    knows(request: Request, username: string): boolean {
      const value = readCookie(request, DEVICE_COOKIE)
      const dot = value?.indexOf('.') ?? -1
      if (!value || dot < 1) return false
      if (Buffer.from(value.slice(0, dot), 'base64url').toString() !== username.toLowerCase()) return false
      const given = Buffer.from(value.slice(dot + 1))
      const expected = Buffer.from(mac(username))
      return given.length === expected.length && timingSafeEqual(given, expected)
    },
  }
}
