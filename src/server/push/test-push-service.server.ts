/**
 * A real push service on this machine for the tests (issue #43): the `web-push-testing`
 * package, started as its own process on a free port of 127.0.0.1's 'localhost'. It hands out
 * subscriptions as a browser's push service does (`subscribe`, with the restaurant's VAPID
 * public key), and for each push it receives it checks the VAPID token against that key and
 * decrypts the payload (aes128gcm), or refuses it (400); an expired subscription answers 410.
 * `messages` reads what a device would have received, decrypted.
 */
import path from 'node:path'

export type TestSubscription = { endpoint: string; keys: { p256dh: string; auth: string }; clientHash: string }

const SERVER_SCRIPT = path.join(import.meta.dir, '../../../node_modules/web-push-testing/src/bin/server.js')

/** A port nobody listens on right now (the OS picks it; the service takes it a moment later). */
function freePort(): number {
  const probe = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response() })
  const { port } = probe
  void probe.stop(true)
  if (port === undefined) throw new Error('no free port')
  return port
}

export async function startPushService() {
  const port = freePort()
  // The package's own runtime is Node; Bun runs it too where Node is missing.
  const runtime = Bun.which('node') ?? process.execPath
  const child = Bun.spawn([runtime, SERVER_SCRIPT, String(port)], { stdout: 'pipe', stderr: 'pipe' })
  const base = `http://localhost:${port}`
  const post = (pathname: string, json: unknown) =>
    fetch(`${base}${pathname}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(json) })
  const deadline = Date.now() + 10_000
  for (;;) {
    const ok = await post('/status', {}).then(
      (res) => res.ok,
      () => false,
    )
    if (ok) break
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`web-push-testing did not start: ${await new Response(child.stderr).text()}`)
    await Bun.sleep(50)
  }
  return {
    base,
    /** A device's subscription for this VAPID public key (what PushManager.subscribe gives a browser). */
    async subscribe(applicationServerKey: string): Promise<TestSubscription> {
      const res = await post('/subscribe', { applicationServerKey, userVisibleOnly: 'true' })
      if (!res.ok) throw new Error(`subscribe: ${res.status} ${await res.text()}`)
      return ((await res.json()) as { data: TestSubscription }).data
    },
    /** The payloads this device received, decrypted by the service, oldest first. */
    async messages(subscription: TestSubscription): Promise<string[]> {
      const res = await post('/get-notifications', { clientHash: subscription.clientHash })
      if (!res.ok) throw new Error(`get-notifications: ${res.status} ${await res.text()}`)
      return ((await res.json()) as { data: { messages: string[] } }).data.messages
    },
    /** The device withdrew: its endpoint answers 410 from now on. */
    async expire(subscription: TestSubscription): Promise<void> {
      const res = await post(`/expire-subscription/${subscription.clientHash}`, {})
      if (!res.ok) throw new Error(`expire: ${res.status}`)
    },
    async stop(): Promise<void> {
      child.kill()
      await child.exited
    },
  }
}

export type PushService = Awaited<ReturnType<typeof startPushService>>
