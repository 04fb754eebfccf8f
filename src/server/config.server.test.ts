import { afterEach, describe, expect, test } from 'bun:test'
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { ConfigError, configFromEnv, loadConfig, prepareDataDir } from './config.server'

const dirs: string[] = []
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'chq-config-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

describe('configuration', () => {
  test('a SESSION_SECRET under 32 characters stops the start, naming the variable', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), SESSION_SECRET: 'corto' })).toThrow(ConfigError)
    expect(() => loadConfig({ DATA_DIR: dataDir(), SESSION_SECRET: 'corto' })).toThrow(/SESSION_SECRET/)
    expect(loadConfig({ DATA_DIR: dataDir(), SESSION_SECRET: 'x'.repeat(32) }).sessionSecret).toBe('x'.repeat(32))
  })

  test('without SESSION_SECRET one is generated once and kept', () => {
    const dir = dataDir()
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret
    expect(first.length).toBeGreaterThanOrEqual(32)
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first)
  })

  test('TRUST_PROXY is off unless set to 1; anything unclear is refused', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).trustProxy).toBe(false)
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '1' }).trustProxy).toBe(true)
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '0' }).trustProxy).toBe(false)
    expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: 'quizás' })).toThrow(/TRUST_PROXY/)
  })

  test('the server start reads the environment only; the data folder is prepared on demand, once, and its secret kept', () => {
    const dir = path.join(dataDir(), 'data')
    const config = configFromEnv({ DATA_DIR: dir })
    expect(existsSync(dir)).toBe(false) // nothing created by reading the configuration
    expect(() => configFromEnv({ DATA_DIR: dir, SESSION_SECRET: 'corto' })).toThrow(/SESSION_SECRET/)
    prepareDataDir(config)
    expect(readdirSync(dir).sort()).toEqual(['session-secret', 'uploads'])
    expect(statSync(path.join(dir, 'session-secret')).mode & 0o777).toBe(0o600)
    const secret = config.sessionSecret
    prepareDataDir(config)
    expect(config.sessionSecret).toBe(secret)
    expect(configFromEnv({ DATA_DIR: dir }).sessionSecret).toBe(secret) // the next start reads the same one
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(secret)
  })

  test('sessionSecretConfigured says whether SESSION_SECRET was given (else it is generated)', () => {
    expect(configFromEnv({ DATA_DIR: dataDir(), SESSION_SECRET: 'x'.repeat(32) }).sessionSecretConfigured).toBe(true)
    expect(configFromEnv({ DATA_DIR: dataDir() }).sessionSecretConfigured).toBe(false)
    expect(configFromEnv({ DATA_DIR: dataDir(), SESSION_SECRET: '  ' }).sessionSecretConfigured).toBe(false)
  })

  test('DATABASE_URL: unset or blank is SQLite (null); a postgres:// or postgresql:// URL is kept', () => {
    expect(configFromEnv({ DATA_DIR: dataDir() }).databaseUrl).toBeNull()
    expect(configFromEnv({ DATA_DIR: dataDir(), DATABASE_URL: '   ' }).databaseUrl).toBeNull()
    const url = 'postgres://chilaquiles:s3creta@db.internal:5432/chilaquiles'
    expect(configFromEnv({ DATA_DIR: dataDir(), DATABASE_URL: ` ${url} ` }).databaseUrl).toBe(url)
    expect(configFromEnv({ DATA_DIR: dataDir(), DATABASE_URL: 'postgresql://u:p@localhost/base' }).databaseUrl).toBe('postgresql://u:p@localhost/base')
  })

  test('a malformed DATABASE_URL stops the start (ConfigError naming the variable) and never shows the password', () => {
    const password = 'Contra-S3creta-99'
    for (const url of [
      `mysql://usuario:${password}@servidor:3306/base`, // another engine
      `postgres://usuario:${password}@servidor:5432`, // no database
      `postgres://usuario:${password}@servidor:5432/`, // no database
      `postgres://usuario:${password}@:5432/base`, // no server
      `postgres://usuario:${password}@/base`, // no server
      `postgres://usuario:${password}/x@servidor/base`, // an unescaped / in the password
      `postgres://usuario:${password}#x@servidor/base`, // an unescaped # in the password
      `usuario:${password}@servidor/base`, // no scheme
      `host=servidor password=${password} dbname=base`, // libpq keyword form
      `postgres://usuario:${password}@serv idor/base`,
    ]) {
      let error: unknown
      try {
        configFromEnv({ DATA_DIR: dataDir(), DATABASE_URL: url })
      } catch (caught) {
        error = caught
      }
      expect({ url, isConfigError: error instanceof ConfigError }).toEqual({ url, isConfigError: true })
      const message = (error as Error).message
      expect(message).toContain('DATABASE_URL')
      expect(message).not.toContain(password)
      expect(String(error)).not.toContain(password)
    }
  })
})

describe('MAX_EVENT_STREAMS', () => {
  test('the public streams an instance holds: 10,000 unless set; anything but a whole number from 1 to 100000 stops the start, naming it', () => {
    expect(configFromEnv({ DATA_DIR: dataDir() }).maxEventStreams).toBe(10_000)
    expect(configFromEnv({ DATA_DIR: dataDir(), MAX_EVENT_STREAMS: ' 2500 ' }).maxEventStreams).toBe(2500)
    for (const bad of ['0', '-5', '1.5', 'mil', '100001', '1e4']) {
      expect(() => configFromEnv({ DATA_DIR: dataDir(), MAX_EVENT_STREAMS: bad })).toThrow(/MAX_EVENT_STREAMS/)
    }
  })
})
