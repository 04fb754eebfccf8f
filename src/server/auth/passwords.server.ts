/**
 * Password hashing: Bun.password with argon2id (Bun's defaults: m=64 MiB, t=2,
 * p=1; ~140 ms and 64 MiB per hash or verify on a 2-core box).
 *
 * Every argon2 call goes through one small gate, so however many requests arrive
 * at once, at most MAX_CONCURRENT_HASHES run together: memory stays bounded and
 * the other requests keep their CPU. Callers throttle before they get here
 * (throttle.server.ts), so the queue stays short.
 */
const MAX_CONCURRENT_HASHES = 2

let running = 0
const waiting: (() => void)[] = []

async function gated<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve))
  running++
  try {
    return await work()
  } finally {
    running--
    waiting.shift()?.()
  }
}

export const hashPassword = (password: string): Promise<string> => gated(() => Bun.password.hash(password, { algorithm: 'argon2id' }))

/** False for a wrong password and for a stored hash that cannot be read. */
export function verifyPassword(password: string, hash: string): Promise<boolean> {
  if (!isWellFormedHash(hash)) return Promise.resolve(false)
  return gated(() => Bun.password.verify(password, hash)).catch(() => false)
}

const ARGON2 = /^\$argon2(id|i|d)\$v=\d+\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+/]+={0,2}\$[A-Za-z0-9+/]+={0,2}$/
const BCRYPT = /^\$2[abxy]?\$\d{2}\$[./A-Za-z0-9]{53}$/

/**
 * Whether a stored hash has the shape of an argon2 (PHC string) or bcrypt hash.
 * reset-admin decides "broken record" by this alone: no argon2 work per call.
 */
export const isWellFormedHash = (hash: string): boolean => ARGON2.test(hash) || BCRYPT.test(hash)

/** A throwaway hash, verified against when the username does not exist, so timing does not reveal it. */
let dummyHash: Promise<string> | undefined
export const timingDummyHash = () => (dummyHash ??= hashPassword(crypto.randomUUID()))
