import { describe, expect, test } from 'bun:test'
import path from 'node:path'
import { ConfigError, LETS_ENCRYPT_DIRECTORY, configFromEnv } from '../config.server'

describe('DOMAIN and the ACME settings', () => {
  test('unset: plain HTTP on PORT (3000), as before', () => {
    const config = configFromEnv({})
    expect(config.https).toBeNull()
    expect(config.port).toBe(3000)
  })

  test("DOMAIN alone: HTTPS on 443, the challenge and redirects on 80, Let's Encrypt, certificates in DATA_DIR/certs", () => {
    const config = configFromEnv({ DOMAIN: 'Pedidos.Example.GT.', DATA_DIR: '/srv/chq' })
    expect(config.port).toBe(80)
    expect(config.https).toEqual({
      domain: 'pedidos.example.gt',
      port: 443,
      directoryUrl: LETS_ENCRYPT_DIRECTORY,
      email: null,
      certsDir: path.join('/srv/chq', 'certs'),
    })
  })

  test('PORT, HTTPS_PORT, ACME_DIRECTORY_URL and ACME_EMAIL override the defaults', () => {
    const config = configFromEnv({
      DOMAIN: 'pedidos.example.gt',
      PORT: '8080',
      HTTPS_PORT: '8443',
      ACME_DIRECTORY_URL: 'https://acme-staging-v02.api.letsencrypt.org/directory',
      ACME_EMAIL: 'dueno@example.gt',
    })
    expect(config.port).toBe(8080)
    expect(config.https).toMatchObject({ port: 8443, directoryUrl: 'https://acme-staging-v02.api.letsencrypt.org/directory', email: 'dueno@example.gt' })
  })

  test.each([
    ['https://pedidos.example.gt', 'DOMAIN inválido'],
    ['pedidos.example.gt:443', 'DOMAIN inválido'],
    ['*.example.gt', 'DOMAIN inválido'],
    ['192.168.1.10', 'DOMAIN inválido'],
    ['localhost', 'DOMAIN inválido'],
    ['pedidos_1.example.gt', 'DOMAIN inválido'],
  ])('DOMAIN=%s is refused with a Spanish message', (domain, message) => {
    expect(() => configFromEnv({ DOMAIN: domain })).toThrow(ConfigError)
    expect(() => configFromEnv({ DOMAIN: domain })).toThrow(message)
  })

  test('the other settings are checked too', () => {
    const base = { DOMAIN: 'pedidos.example.gt' }
    expect(() => configFromEnv({ ...base, HTTPS_PORT: '70000' })).toThrow('HTTPS_PORT inválido: 70000')
    expect(() => configFromEnv({ ...base, PORT: '443' })).toThrow('PORT y HTTPS_PORT no pueden ser el mismo puerto (443)')
    expect(() => configFromEnv({ ...base, ACME_DIRECTORY_URL: 'http://ca.example/dir' })).toThrow('ACME_DIRECTORY_URL debe ser una dirección https://')
    expect(() => configFromEnv({ ...base, ACME_EMAIL: 'dueno' })).toThrow('ACME_EMAIL inválido: dueno')
  })
})
