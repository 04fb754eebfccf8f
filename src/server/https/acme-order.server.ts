/**
 * One certificate order through ACME with the HTTP-01 challenge, by `acme-client` (decision 027).
 * Imported only when an order is due: a restart that reuses its certificate never loads it.
 */
import * as acme from 'acme-client'
import type { HttpsConfig } from '../config.server'

/** The key authorizations the CA will fetch from http://DOMAIN/.well-known/acme-challenge/<token>. */
export type ChallengeAnswers = Map<string, string>

/** An order that did not end in a certificate; `message` is for the owner, in Spanish. */
export class AcmeFailure extends Error {}

/** The client's own retries are few and short: ours (renewal.server.ts) back off and say so in the log. */
type AcmeSettings = { retryMaxAttempts: number; retryDefaultDelay: number }
const settings = (acme.axios.defaults as unknown as { acmeSettings: AcmeSettings }).acmeSettings
settings.retryMaxAttempts = 2
settings.retryDefaultDelay = 3
acme.axios.defaults.timeout = 30_000

export const createAccountKey = async (): Promise<string> => (await acme.crypto.createPrivateEcdsaKey()).toString()

/**
 * Orders a certificate for `https.domain`: a new ECDSA P-256 key, the CA's challenge answered
 * from `answers` on `plainPort` (named in the advice when the CA cannot reach it).
 */
export async function orderCertificate(
  https: HttpsConfig,
  plainPort: number,
  accountKey: string,
  answers: ChallengeAnswers,
): Promise<{ key: string; chain: string }> {
  await reachDirectory(https.directoryUrl)
  // The order's status is polled from 1 s on (the client's default waits 5 s first; a CA checks in a second or two).
  const client = new acme.Client({ directoryUrl: https.directoryUrl, accountKey, backoffMin: 1000, backoffMax: 10_000, backoffAttempts: 12 })
  const [key, csr] = await acme.crypto.createCsr({ commonName: https.domain, altNames: [https.domain] }, await acme.crypto.createPrivateEcdsaKey())
  try {
    await findAccount(client)
    const chain = await client.auto({
      csr,
      ...(https.email ? { email: https.email } : {}),
      termsOfServiceAgreed: true,
      challengePriority: ['http-01'],
      // The CA's own check is the one that counts, and it says what failed; a self-check from
      // inside the box fails behind NAT routers that cannot reach their own public address.
      skipChallengeVerification: true,
      challengeCreateFn: async (_authz, challenge, keyAuthorization) => {
        answers.set(challenge.token, keyAuthorization)
      },
      challengeRemoveFn: async (_authz, challenge) => {
        answers.delete(challenge.token)
      },
    })
    return { key: key.toString(), chain }
  } catch (error) {
    throw new AcmeFailure(explain(error, https.domain, plainPort))
  }
}

/**
 * Looks the account key up at the CA first, so that auto() reuses the account. Without this it
 * re-registers, and an existing account answers with an "empty update" that strict CAs refuse.
 */
async function findAccount(client: acme.Client): Promise<void> {
  try {
    await client.createAccount({ onlyReturnExisting: true })
  } catch {
    // Not registered at this CA yet (accountDoesNotExist): auto() registers it.
  }
}

/** A directory that does not answer is said plainly (the ACME client would only report "response.config"). */
async function reachDirectory(url: string): Promise<void> {
  let response: Response
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(20_000) })
  } catch (error) {
    const cause = error instanceof Error ? (error as Error & { code?: string }).code ?? error.message : String(error)
    throw new AcmeFailure(`la autoridad de certificados no responde (${url}: ${cause})`)
  }
  if (!response.ok) throw new AcmeFailure(`la autoridad de certificados respondió ${response.status} en ${url}`)
}

function explain(error: unknown, domain: string, plainPort: number): string {
  const message = error instanceof Error ? error.message : String(error)
  // acme-client turns a connection lost half-way into a TypeError about its own response object.
  if (error instanceof TypeError) return `se perdió la conexión con la autoridad de certificados (${message})`
  if (/dns|nxdomain|connection|connect|timeout|refused|invalid response|unauthorized|404/i.test(message)) {
    return `la autoridad no pudo comprobar que ${domain} es de este servidor: ${message}. Revise que el DNS de ${domain} apunte a esta máquina y que el puerto ${plainPort} esté abierto a internet`
  }
  if (/rate ?limit|too many/i.test(message)) return `la autoridad limita los pedidos por ahora: ${message}`
  return `la autoridad rechazó el pedido: ${message}`
}
