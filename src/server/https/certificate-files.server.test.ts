import { afterAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { HttpsConfig } from '../config.server'
import { accountKey, certificateFile, readCertificate, writeCertificate } from './certificate-files.server'

const root = mkdtempSync(path.join(tmpdir(), 'chq-certs-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

/** A self-signed certificate for `name` and its key, made by openssl as a CA would hand one back. */
function selfSigned(name: string): { key: string; chain: string } {
  const dir = mkdtempSync(path.join(root, 'made-'))
  const made = Bun.spawnSync([
    'openssl', 'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '90', '-subj', `/CN=${name}`,
    '-addext', `subjectAltName=DNS:${name}`, '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'),
  ])
  if (made.exitCode !== 0) throw new Error(made.stderr.toString())
  return { key: readFileSync(path.join(dir, 'key.pem'), 'utf8'), chain: readFileSync(path.join(dir, 'cert.pem'), 'utf8') }
}

const https = (over: Partial<HttpsConfig> = {}): HttpsConfig => ({
  domain: 'pedidos.example.gt',
  port: 443,
  directoryUrl: 'https://ca.example/dir',
  email: null,
  certsDir: path.join(root, 'certs'),
  ...over,
})

describe('DATA_DIR/certs', () => {
  test('nothing kept yet: no certificate and nothing to complain about', () => {
    expect(readCertificate(https({ certsDir: path.join(root, 'empty') }))).toEqual({ certificate: null, why: null })
  })

  test('a certificate is kept in one 0600 file (folder 0700) and read back with its dates', () => {
    const made = selfSigned('pedidos.example.gt')
    const stored = writeCertificate(https(), made.key, made.chain)
    expect(stored.notAfter.getTime() - stored.notBefore.getTime()).toBe(90 * 86_400_000)
    expect(statSync(https().certsDir).mode & 0o777).toBe(0o700)
    expect(statSync(certificateFile(https())).mode & 0o777).toBe(0o600)
    const again = readCertificate(https())
    expect(again.certificate?.serialNumber).toBe(stored.serialNumber)
    expect(again.certificate?.key.trim()).toBe(made.key.trim())
  })

  test('is not reused for another CA, another name, or with a key that is not its own', () => {
    expect(readCertificate(https({ directoryUrl: 'https://otra.example/dir' })).why).toContain('de otra autoridad')
    const file = certificateFile(https())
    const text = readFileSync(file, 'utf8')
    // The same file under another domain's name.
    const other = https({ domain: 'otro.example.gt' })
    writeFileSync(certificateFile(other), text)
    expect(readCertificate(other).why).toBe('el certificado guardado no es para otro.example.gt')
    // Another key beside this certificate (what a crash half-way through two files would leave).
    const foreignKey = selfSigned('x.example.gt').key
    writeFileSync(file, text.replace(/-----BEGIN PRIVATE KEY-----[\s\S]+?-----END PRIVATE KEY-----/, foreignKey.trim()))
    expect(readCertificate(https()).why).toBe('la clave guardada no corresponde al certificado')
    writeFileSync(file, 'basura')
    expect(readCertificate(https()).why).toContain('está incompleto')
  })

  test('the account key is made once and then read back', async () => {
    let made = 0
    const create = async () => `KEY-${++made}`
    expect(await accountKey(https(), create)).toBe('KEY-1')
    expect(await accountKey(https(), create)).toBe('KEY-1')
    expect(made).toBe(1)
    expect(statSync(path.join(https().certsDir, 'account.key')).mode & 0o777).toBe(0o600)
  })
})
