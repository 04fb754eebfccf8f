import { type FormEvent, useId, useState } from 'react'
import { Button } from '../../ui/button'
import { sendSubscription } from '../subscribe'

type Sent = { ok: boolean; message: string } | null

/**
 * 'Promociones' in the footer: the address goes to the server (subscribe.ts). While it is
 * sent the button waits; then one line says what happened, announced to screen readers. A
 * refusal or a failed connection keeps the typed address so the customer can fix it or retry.
 */
export function NewsletterForm() {
  const emailId = useId()
  const [sending, setSending] = useState(false)
  const [sent, setSent] = useState<Sent>(null)

  const onSubscribe = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const email = new FormData(form).get('email')
    if (typeof email !== 'string' || sending) return
    setSending(true)
    setSent(null)
    const outcome = await sendSubscription(email)
    setSending(false)
    setSent(outcome)
    if (outcome.ok) form.reset()
  }

  const failed = sent !== null && !sent.ok
  return (
    <form onSubmit={onSubscribe} className="flex flex-col gap-2" aria-labelledby={`${emailId}-title`}>
      <h2 id={`${emailId}-title`} className="font-bold text-secondary">Promociones</h2>
      <label htmlFor={emailId} className="text-sm text-night-foreground/85">
        Recibe nuestras promos en tu correo
      </label>
      <div className="flex gap-2">
        <input
          id={emailId}
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder="tu@correo.com"
          aria-invalid={failed || undefined}
          aria-describedby={`${emailId}-status`}
          className="h-10 max-sm:min-h-11 min-w-0 flex-1 rounded-md border border-input bg-white px-3 text-sm text-foreground placeholder:text-muted-foreground"
        />
        <Button type="submit" variant="secondary" disabled={sending}>
          {sending ? 'Enviando…' : 'Suscribirme'}
        </Button>
      </div>
      {/* Always in the page, so the change of its text is what gets announced. */}
      <p id={`${emailId}-status`} role="status" aria-live="polite" className={`min-h-5 text-sm ${failed ? 'text-red-300' : 'font-semibold text-secondary'}`}>
        {sent?.message}
      </p>
    </form>
  )
}
