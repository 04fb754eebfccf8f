/**
 * Let's Encrypt's test CA for the automatic-HTTPS tests: Debian's `pebble` (the ACME server) and
 * `pebble-challtestsrv` (a DNS that answers 127.0.0.1 for every name), on free ports, in a
 * temporary folder. Pebble really fetches http://<domain>:<httpPort>/.well-known/acme-challenge/…
 * from the server under test, as Let's Encrypt would.
 *
 * Pebble's own API is HTTPS with a certificate made here (openssl); the server under test trusts it
 * through NODE_EXTRA_CA_CERTS. The roots Pebble signs with are new at every launch: `root()`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Subprocess } from 'bun'

export type Pebble = {
  directoryUrl: string
  /** The PEM file the server must trust to talk to Pebble's API (NODE_EXTRA_CA_CERTS). */
  apiCertificateFile: string
  /** Starts (or starts again) the CA; its roots are new each time. */
  start(): Promise<void>
  /** Stops the CA only (the DNS stays): "the CA is down". */
  stopCa(): Promise<void>
  /** The root that signs the certificates of the CA's current run. */
  root(): Promise<string>
  /** Answers `address` for `host` in the test DNS (every other name: 127.0.0.1). */
  pointName(host: string, address: string): Promise<void>
  /** Everything Pebble logged (orders, validations). */
  log(): string
  close(): Promise<void>
}

export async function freePort(): Promise<number> {
  const listener = Bun.listen({ hostname: '127.0.0.1', port: 0, socket: { data() {} } })
  const port = listener.port
  listener.stop(true)
  return port
}

/**
 * `httpPort`: where the server under test answers the challenge (its PORT).
 * `validitySeconds`: how long Pebble's certificates live (30 days and a few seconds make one due at once).
 */
export async function createPebble(options: { httpPort: number; validitySeconds: number }): Promise<Pebble> {
  const dir = mkdtempSync(path.join(tmpdir(), 'chq-pebble-'))
  const [apiPort, managementPort, dnsPort, dnsManagementPort] = [await freePort(), await freePort(), await freePort(), await freePort()]
  const apiCertificateFile = path.join(dir, 'api-cert.pem')
  const apiKeyFile = path.join(dir, 'api-key.pem')
  const made = Bun.spawnSync(
    ['openssl', 'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '2', '-subj', '/CN=pebble-api',
      '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', apiKeyFile, '-out', apiCertificateFile],
    { stderr: 'pipe' },
  )
  if (made.exitCode !== 0) throw new Error(`openssl could not make Pebble's API certificate: ${made.stderr.toString()}`)
  const configFile = path.join(dir, 'pebble-config.json')
  writeFileSync(
    configFile,
    JSON.stringify({
      pebble: {
        listenAddress: `127.0.0.1:${apiPort}`,
        managementListenAddress: `127.0.0.1:${managementPort}`,
        certificate: apiCertificateFile,
        privateKey: apiKeyFile,
        httpPort: options.httpPort,
        tlsPort: await freePort(),
        ocspResponderURL: '',
        externalAccountBindingRequired: false,
        certificateValidityPeriod: options.validitySeconds,
      },
    }),
  )
  const apiTls = { ca: await Bun.file(apiCertificateFile).text() }
  let output = ''
  const drain = async (stream: ReadableStream<Uint8Array>) => {
    for await (const chunk of stream) output += new TextDecoder().decode(chunk)
  }

  const dns = Bun.spawn(
    ['pebble-challtestsrv', '-defaultIPv4', '127.0.0.1', '-defaultIPv6', '', '-dns01', `127.0.0.1:${dnsPort}`, '-http01', '', '-https01', '', '-tlsalpn01', '',
      '-management', `127.0.0.1:${dnsManagementPort}`],
    { stdout: 'pipe', stderr: 'pipe' },
  )
  void drain(dns.stdout)
  void drain(dns.stderr)
  await waitFor(async () => (await fetch(`http://127.0.0.1:${dnsManagementPort}/`, { method: 'POST' }).catch(() => null)) !== null, 'pebble-challtestsrv')

  let ca: Subprocess<'ignore', 'pipe', 'pipe'> | null = null
  const directoryUrl = `https://127.0.0.1:${apiPort}/dir`
  const pebble: Pebble = {
    directoryUrl,
    apiCertificateFile,
    async start() {
      ca = Bun.spawn(['pebble', '-config', configFile, '-dnsserver', `127.0.0.1:${dnsPort}`], {
        // No random sleeps before validating, and no nonces rejected at random: the test is about our server.
        env: { ...process.env, PEBBLE_VA_NOSLEEP: '1', PEBBLE_WFE_NONCEREJECT: '0' },
        stdin: 'ignore',
        stdout: 'pipe',
        stderr: 'pipe',
      })
      void drain(ca.stdout)
      void drain(ca.stderr)
      await waitFor(async () => (await fetch(directoryUrl, { tls: apiTls }).catch(() => null))?.ok === true, 'pebble')
    },
    async stopCa() {
      ca?.kill('SIGTERM')
      await ca?.exited
      ca = null
    },
    async root() {
      return (await fetch(`https://127.0.0.1:${managementPort}/roots/0`, { tls: apiTls })).text()
    },
    async pointName(host, address) {
      const res = await fetch(`http://127.0.0.1:${dnsManagementPort}/add-a`, { method: 'POST', body: JSON.stringify({ host: `${host}.`, addresses: [address] }) })
      if (!res.ok) throw new Error(`challtestsrv add-a: ${res.status}`)
    },
    log: () => output,
    async close() {
      await pebble.stopCa()
      dns.kill('SIGTERM')
      await dns.exited
      rmSync(dir, { recursive: true, force: true })
    },
  }
  return pebble
}

async function waitFor(ready: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 15_000
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`${what} did not start within 15 s`)
    await Bun.sleep(50)
  }
}
