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
})
