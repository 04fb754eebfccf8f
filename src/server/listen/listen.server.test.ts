import { expect, test } from 'bun:test'
import { ConfigError } from '../config.server'
import { serveOn, shownHost } from './listen.server'

test('a port already taken is said in Spanish, as a configuration error (exit 2), not a stack trace', () => {
  const taken = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response('') })
  try {
    const again = () => serveOn(taken.port ?? 0, { hostname: '127.0.0.1', fetch: () => new Response('') })
    expect(again).toThrow(ConfigError)
    expect(again).toThrow(`El puerto ${taken.port} ya está en uso`)
  } finally {
    void taken.stop(true)
  }
})

test('the start-up line names a wildcard address as localhost', () => {
  expect(shownHost('0.0.0.0')).toBe('localhost')
  expect(shownHost('::')).toBe('localhost')
  expect(shownHost('192.168.1.5')).toBe('192.168.1.5')
})
