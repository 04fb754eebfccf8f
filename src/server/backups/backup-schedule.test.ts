import { expect, test } from 'bun:test'
import { ConfigError, configFromEnv } from '../config.server'
import { startBackups } from './backup-schedule.server'

test('BACKUP_EVERY and BACKUP_KEEP are read, with Spanish errors for bad values', () => {
  expect(configFromEnv({ BACKUP_EVERY: '24h' }).backupEveryMs).toBe(86_400_000)
  expect(configFromEnv({ BACKUP_EVERY: '30m', BACKUP_KEEP: '3' })).toMatchObject({ backupEveryMs: 1_800_000, backupKeep: 3 })
  expect(configFromEnv({}).backupEveryMs).toBeNull()
  expect(configFromEnv({}).backupKeep).toBe(7)
  for (const bad of ['1d', 'cada hora', '5s', '0m']) expect(() => configFromEnv({ BACKUP_EVERY: bad })).toThrow(ConfigError)
  expect(() => configFromEnv({ BACKUP_KEEP: '0' })).toThrow('BACKUP_KEEP inválido')
})

test('on PostgreSQL the server says backups are the database\'s job and writes none', async () => {
  const lines: string[] = []
  const config = configFromEnv({ BACKUP_EVERY: '10s', DATABASE_URL: 'postgres://u@localhost:5432/db', DATA_DIR: '/nonexistent/chq' })
  startBackups(config, (line) => lines.push(line)).stop()
  expect(lines).toEqual(['Copias de seguridad: con PostgreSQL son tarea de la base de datos (pg_dump o las copias automáticas de su proveedor); BACKUP_EVERY no se usa.'])
})
