/**
 * Test databases on a real PostgreSQL (TEST_DATABASE_URL: a server the tests may create
 * databases on, e.g. the throwaway cluster of scripts/pg-cluster.ts). A template is
 * migrated once per process; each test context gets a fresh copy of it.
 */
import { SQL } from 'bun'
import type { Store } from './database.server'
import { type PostgresOptions, openPostgresStore } from './postgres.server'

let template: Promise<string> | undefined
let made = 0

const withDatabase = (url: string, name: string) => {
  const parsed = new URL(url)
  parsed.pathname = `/${name}`
  return parsed.toString()
}

async function migratedTemplate(serverUrl: string): Promise<string> {
  const name = `chq_tpl_${process.pid}`
  const admin = new SQL(serverUrl, { max: 1 })
  try {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name}`)
    await admin.unsafe(`CREATE DATABASE ${name}`)
  } finally {
    await admin.close()
  }
  const store = await openPostgresStore(withDatabase(serverUrl, name), { max: 1, giveUpAfterMs: 10_000 })
  await store.close()
  return name
}

/** A new, migrated, empty database for one test context; dropped again by its store's close(). */
export async function testPostgresStore(serverUrl: string, options: Pick<PostgresOptions, 'max' | 'acquireTimeoutMs' | 'onQuery'> = {}): Promise<Store> {
  template ??= migratedTemplate(serverUrl)
  const source = await template
  const name = `chq_t_${process.pid}_${++made}`
  const admin = new SQL(serverUrl, { max: 1 })
  try {
    await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${source} STRATEGY FILE_COPY`)
  } finally {
    await admin.close()
  }
  // Few connections, soon closed when idle: a test that forgets cleanup() must not exhaust the server.
  const store = await openPostgresStore(withDatabase(serverUrl, name), { max: 3, idleTimeout: 2, giveUpAfterMs: 10_000, ...options })
  return {
    ...store,
    async close() {
      await store.close()
      const drop = new SQL(serverUrl, { max: 1 })
      try {
        await drop.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      } finally {
        await drop.close()
      }
    },
  }
}
