import { z } from 'zod'
import { WHATSAPP_SETTING_KEY } from '../chat-number'
import { PHONE_RULE } from '../checkout'

// The key and the default live in shared/chat-number.ts (no zod there: the server's start-up reads them).
export { DEFAULT_WHATSAPP_NUMBER, WHATSAPP_SETTING_KEY } from '../chat-number'

export const CHAT_NUMBER_RULE = PHONE_RULE

/** The chat number is stored as its digits only: country code, no plus sign. */
export const chatNumberSchema = z
  .string({ error: CHAT_NUMBER_RULE })
  .max(64, CHAT_NUMBER_RULE)
  .transform((s) => s.replace(/\D/g, ''))
  .refine((digits) => digits.length >= 8 && digits.length <= 15, CHAT_NUMBER_RULE)

export const settingKeyParam = z.object({ key: z.literal(WHATSAPP_SETTING_KEY, { error: 'Configuración no encontrada' }) })

/** 'Ancho del ticket': the kitchen printer's paper, in millimetres (decision 023). */
export const TICKET_WIDTH_KEY = 'ticket_width'
export const TICKET_WIDTHS = ['58', '80'] as const
export type TicketWidth = (typeof TICKET_WIDTHS)[number]
export const DEFAULT_TICKET_WIDTH: TicketWidth = '80'
/** A stored value read back: anything but 58 or 80 (a hand-edited row) is treated as the default. */
export const isTicketWidth = (value: unknown): value is TicketWidth => (TICKET_WIDTHS as readonly unknown[]).includes(value)
export const ticketWidthInputSchema = z.object({ value: z.enum(TICKET_WIDTHS, { error: 'El ancho del ticket es 58 o 80 mm' }) })
export const whatsappSettingInputSchema = z.object({ value: chatNumberSchema })
/** `updatedAt` is null when the value is the built-in/configured default, never saved. */
export type Setting = { key: string; value: string; updatedAt: string | null }
