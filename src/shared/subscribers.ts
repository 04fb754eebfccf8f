/**
 * The footer's newsletter: who agreed to receive the restaurant's promotions, and when.
 * No zod here: the storefront's footer and the admin's Suscriptores page import it.
 */
export type Subscriber = {
  id: number
  /** Trimmed and lower-cased: one address is one subscriber. */
  email: string
  /** When the customer gave consent (the first time; a repeat keeps it). */
  consentedAt: string
}

/** The one refusal a customer can fix: the address is not an e-mail (the schema's message too). */
export const EMAIL_RULE = 'Escribe un correo electrónico válido'

/** What the footer says once the address is recorded (new or already there). */
export const SUBSCRIBED_MESSAGE = 'Listo: te avisaremos de nuestras promociones'

/** Subscriptions one client address may send: 5 per 10 minutes (a household, not a script). */
export const SUBSCRIBE_LIMIT = 5
export const SUBSCRIBE_WINDOW_MS = 10 * 60 * 1000

export const SUBSCRIBER_PAGE_DEFAULT = 50
/** The most one answer holds: the CSV download asks for this many (a mailing tool's import). */
export const SUBSCRIBER_PAGE_MAX = 5000
