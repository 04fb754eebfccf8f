/**
 * The VAPID key pair this restaurant signs its pushes with (RFC 8292): VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY when configured, else made at the first start and kept in the database
 * (`instance_state`, key 'vapid_keys'), so that every instance signs alike and a device
 * subscribed through one instance receives what another sends. Two instances starting together
 * each make a candidate; the insert that does nothing on conflict keeps the first, and both
 * read back the same row (as the session secret, open-store.server.ts).
 */
import type { VapidKeyPair } from '../config.server'
import type { Db } from '../db/database.server'

export const VAPID_KEYS_STATE = 'vapid_keys'

const base64url = (bytes: ArrayBuffer | Uint8Array) => Buffer.from(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)).toString('base64url')

/** A fresh P-256 pair in web-push's form: the raw uncompressed public point and the private scalar, base64url. */
export async function makeVapidKeys(): Promise<VapidKeyPair> {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])
  const publicKey = base64url(await crypto.subtle.exportKey('raw', pair.publicKey))
  const { d } = await crypto.subtle.exportKey('jwk', pair.privateKey)
  if (!d) throw new Error('P-256 sin clave privada')
  return { publicKey, privateKey: d }
}

const isKeyPair = (value: unknown): value is VapidKeyPair =>
  typeof value === 'object' && value !== null && typeof (value as VapidKeyPair).publicKey === 'string' && typeof (value as VapidKeyPair).privateKey === 'string'

/** The stored pair, made now by whichever instance asks first (a start that finds it makes none). */
export async function storedVapidKeys(db: Db): Promise<VapidKeyPair> {
  const read = () => db.selectFrom('instance_state').select('value').where('key', '=', VAPID_KEYS_STATE).executeTakeFirst()
  let row = await read()
  if (!row) {
    // Two instances starting together may both get here: the first insert wins, both read it back.
    await db
      .insertInto('instance_state')
      .values({ key: VAPID_KEYS_STATE, value: JSON.stringify(await makeVapidKeys()) })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute()
    row = await read()
  }
  if (!row) throw new Error(`instance_state.${VAPID_KEYS_STATE} no se pudo guardar`)
  const kept: unknown = JSON.parse(row.value)
  if (!isKeyPair(kept)) throw new Error(`instance_state.${VAPID_KEYS_STATE} no es un par de claves VAPID`)
  return kept
}

/** The keys in force: the configured pair, else the database's (asked once per process). */
export function vapidKeys(db: () => Db, configured: VapidKeyPair | null): () => Promise<VapidKeyPair> {
  let kept: Promise<VapidKeyPair> | undefined
  return () => {
    if (configured) return Promise.resolve(configured)
    kept ??= storedVapidKeys(db()).catch((error: unknown) => {
      kept = undefined // the database was down: the next ask tries again
      throw error
    })
    return kept
  }
}
