/**
 * The key of an order's tracking page (/pedido/<token>): the only thing that opens it,
 * so it is unguessable rather than derived from the order. 18 random bytes (144 bits)
 * from the system's CSPRNG, written in base64url: 24 characters, safe in a URL and in a
 * WhatsApp message without escaping. The unique index on orders.tracking_token is the backstop.
 */
import { randomBytes } from 'node:crypto'

export const TRACKING_TOKEN_BYTES = 18
export const TRACKING_TOKEN_LENGTH = 24

/** What a token looks like: anything else is refused before the database is asked. */
export const TRACKING_TOKEN_PATTERN = /^[A-Za-z0-9_-]{24}$/

export const newTrackingToken = (): string => randomBytes(TRACKING_TOKEN_BYTES).toString('base64url')

export const isTrackingToken = (value: string): boolean => TRACKING_TOKEN_PATTERN.test(value)
