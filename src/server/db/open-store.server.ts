/**
 * Opens the store the configuration names (decision 019): PostgreSQL when DATABASE_URL
 * is set (its driver loaded only then), else the SQLite file in DATA_DIR, brought to
 * the latest version either way. With PostgreSQL and no SESSION_SECRET, the generated
 * secret is kept in the database, so that every instance signs the same sessions.
 */
import type { Database } from 'bun:sqlite'
import { type Config, withSessionSecret } from '../config.server'
import type { QueryTimer, Store } from './database.server'
import { openMigrated, sqliteStore } from './sqlite.server'

/** `sqlite`: the raw handle of the embedded database (the fast path's compiled reads use it). */
export type OpenedStore = { store: Store; config: Config; applied: string[]; fromSnapshot: boolean; sqlite?: Database }

export async function openStore(config: Config, options: { beforeCreate?: () => void; log?: (line: string) => void; onQuery?: QueryTimer } = {}): Promise<OpenedStore> {
  if (config.databaseUrl === null) {
    const { db, result, fromSnapshot } = openMigrated(config.databaseFile, { beforeCreate: options.beforeCreate })
    return { store: sqliteStore(db, { onQuery: options.onQuery }), sqlite: db, config, applied: result.applied, fromSnapshot }
  }
  const { openPostgresStore } = await import('./postgres.server')
  const store = await openPostgresStore(config.databaseUrl, { log: options.log, onQuery: options.onQuery })
  const shared = config.sessionSecretConfigured ? config : withSessionSecret(config, await sharedSessionSecret(store))
  return { store, config: shared, applied: store.migrated, fromSnapshot: false }
}

/** The `instance_state` row of the generated session secret (copy-db writes it too). */
export const SESSION_SECRET_KEY = 'session_secret'

/** The secret every instance uses: the first to ask writes a random one, the others read it. */
export async function sharedSessionSecret(store: Store): Promise<string> {
  const candidate = Buffer.from(crypto.getRandomValues(new Uint8Array(48))).toString('base64url')
  await store.db.insertInto('instance_state').values({ key: SESSION_SECRET_KEY, value: candidate }).onConflict((oc) => oc.column('key').doNothing()).execute()
  const row = await store.db.selectFrom('instance_state').select('value').where('key', '=', SESSION_SECRET_KEY).executeTakeFirstOrThrow()
  return row.value
}
