import { whatsappLink } from '../../shared/chat-link'

/** Opens the chat with the text prefilled, in a new tab that cannot reach back to this page. */
export function openChat(number: string, text: string): void {
  window.open(whatsappLink(number, text), '_blank', 'noopener')
}
