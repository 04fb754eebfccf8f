/**
 * What automatic HTTPS keeps in DATA_DIR/certs (folder 0700, files 0600):
 *
 *   account.key      the ACME account's private key, made once and reused for every order
 *   <domain>.pem     one file per certificate: a comment naming the CA, the private key, then the
 *                    chain. One file, replaced by rename, so a crash can never pair a new key with
 *                    an old certificate.
 *
 * Read with node:crypto's X509Certificate (built in): a restart that reuses its certificate
 * never loads the ACME client (decision 027).
 */
import { X509Certificate, createPrivateKey } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { HttpsConfig } from '../config.server'

export type StoredCertificate = {
  /** PEM private key of the certificate. */
  key: string
  /** PEM chain: the certificate first, then its issuers. */
  chain: string
  notBefore: Date
  notAfter: Date
  serialNumber: string
}

const KEY_BLOCK = /-----BEGIN (?:[A-Z]+ )?PRIVATE KEY-----[\s\S]+?-----END (?:[A-Z]+ )?PRIVATE KEY-----/
const CERT_BLOCKS = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g
const DIRECTORY_LINE = /^# CA: (\S+)$/m

export function certificateFile(https: HttpsConfig): string {
  return path.join(https.certsDir, `${https.domain}.pem`)
}

function accountKeyFile(https: HttpsConfig): string {
  return path.join(https.certsDir, 'account.key')
}

/** The account key, read from DATA_DIR/certs or, the first time, made by `create` and kept there. */
export async function accountKey(https: HttpsConfig, create: () => Promise<string>): Promise<string> {
  const file = accountKeyFile(https)
  if (existsSync(file)) return readFileSync(file, 'utf8')
  const key = await create()
  writePrivate(https, file, key)
  return key
}

/**
 * The certificate kept for this domain, if it is usable here: it parses, names the domain, its key
 * is the one beside it, and it came from the CA configured now (a certificate from the staging
 * directory is not kept when the owner switches to production). Else null and why, for the log
 * (`why` null: none was kept).
 */
export function readCertificate(https: HttpsConfig): { certificate: StoredCertificate; why: null } | { certificate: null; why: string | null } {
  const file = certificateFile(https)
  if (!existsSync(file)) return { certificate: null, why: null }
  try {
    const text = readFileSync(file, 'utf8')
    const key = KEY_BLOCK.exec(text)?.[0]
    const chain = text.match(CERT_BLOCKS)?.join('\n')
    if (!key || !chain) return { certificate: null, why: `${file} está incompleto` }
    if (DIRECTORY_LINE.exec(text)?.[1] !== https.directoryUrl) return { certificate: null, why: 'el certificado guardado es de otra autoridad (ACME_DIRECTORY_URL cambió)' }
    const x509 = new X509Certificate(chain)
    if (!x509.checkHost(https.domain)) return { certificate: null, why: `el certificado guardado no es para ${https.domain}` }
    if (!x509.checkPrivateKey(createPrivateKey(key))) return { certificate: null, why: 'la clave guardada no corresponde al certificado' }
    return {
      certificate: { key, chain: `${chain}\n`, notBefore: new Date(x509.validFrom), notAfter: new Date(x509.validTo), serialNumber: x509.serialNumber },
      why: null,
    }
  } catch (error) {
    return { certificate: null, why: `no se pudo leer ${file}: ${error instanceof Error ? error.message : String(error)}` }
  }
}

/** Keeps a new certificate (written beside, then renamed over the old one) and returns it as read back. */
export function writeCertificate(https: HttpsConfig, key: string, chain: string): StoredCertificate {
  const header = `# Certificado de ${https.domain} (clave privada y cadena), guardado por chilaquiles el ${new Date().toISOString()}\n# CA: ${https.directoryUrl}\n`
  writePrivate(https, certificateFile(https), `${header}${key.trim()}\n${chain.trim()}\n`)
  const read = readCertificate(https)
  if (!read.certificate) throw new Error(`El certificado recibido no se puede usar: ${read.why}`)
  return read.certificate
}

function writePrivate(https: HttpsConfig, file: string, text: string): void {
  mkdirSync(https.certsDir, { recursive: true, mode: 0o700 })
  chmodSync(https.certsDir, 0o700)
  const temporary = `${file}.${process.pid}.tmp`
  writeFileSync(temporary, text, { mode: 0o600 })
  chmodSync(temporary, 0o600)
  renameSync(temporary, file)
}
