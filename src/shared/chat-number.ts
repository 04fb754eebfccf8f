/**
 * The order chat number's setting key and built-in default. No zod here: the
 * server's configuration reads the default at start-up, before anything needs a
 * schema (decision 016); schemas/setting.ts re-exports both.
 */

export const WHATSAPP_SETTING_KEY = 'whatsapp_number'
/** Built-in order number (Guatemala, country code 502), used while none is set. */
export const DEFAULT_WHATSAPP_NUMBER = '50212345678'
