/**
 * The footer's newsletter form in happy-dom: what it sends, what the customer reads after
 * each kind of answer, and that a failure keeps the typed address.
 */
import { afterEach, describe, expect, test } from 'bun:test'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { EMAIL_RULE, SUBSCRIBED_MESSAGE } from '../../../shared/subscribers'
import { OFFLINE_MESSAGE } from '../subscribe'
import { NewsletterForm } from './newsletter-form'

const original = globalThis.fetch
let sent: { url: string; method: string; body: string }[] = []
afterEach(() => {
  cleanup()
  globalThis.fetch = original
  sent = []
})

/** Every call answers `answer()`; a call is held until `release` is called when `hold` is set. */
function serve(answer: () => Response | Promise<Response>, hold = false) {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  const fake = async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({ url: String(input), method: init?.method ?? 'GET', body: String(init?.body ?? '') })
    if (hold) await held
    return answer()
  }
  globalThis.fetch = Object.assign(fake, { preconnect: () => {} }) as typeof fetch
  return { release }
}

const field = () => screen.getByLabelText('Recibe nuestras promos en tu correo') as HTMLInputElement
const button = () => screen.getByRole('button', { name: /Suscribirme|Enviando/ }) as HTMLButtonElement
const status = () => screen.getByRole('status')
const submit = (email: string) => {
  fireEvent.change(field(), { target: { value: email } })
  fireEvent.submit(field().form as HTMLFormElement)
}

describe('NewsletterForm (footer)', () => {
  test('an e-mail input; sends the address as JSON, waits with the button disabled, then says it is done and empties the field', async () => {
    const server = serve(() => Response.json({ message: SUBSCRIBED_MESSAGE }, { status: 201 }), true)
    render(<NewsletterForm />)
    expect(field().type).toBe('email')
    expect(status().textContent).toBe('')
    submit('ana@correo.com')
    await waitFor(() => expect(button().disabled).toBe(true))
    expect(button().textContent).toBe('Enviando…')
    expect(sent).toEqual([{ url: '/api/subscribers', method: 'POST', body: '{"email":"ana@correo.com"}' }])
    server.release()
    await waitFor(() => expect(status().textContent).toBe(SUBSCRIBED_MESSAGE))
    expect(button().disabled).toBe(false)
    expect(field().value).toBe('')
    expect(field().getAttribute('aria-invalid')).toBeNull()
  })

  test('already subscribed (200) reads the same', async () => {
    serve(() => Response.json({ message: SUBSCRIBED_MESSAGE }, { status: 200 }))
    render(<NewsletterForm />)
    submit('ana@correo.com')
    await waitFor(() => expect(status().textContent).toBe(SUBSCRIBED_MESSAGE))
  })

  test('refused (400): the field\'s message; the address stays to be fixed', async () => {
    serve(() => Response.json({ message: 'Datos inválidos', issues: [{ path: 'email', message: EMAIL_RULE }] }, { status: 400 }))
    render(<NewsletterForm />)
    submit('ana@correo')
    await waitFor(() => expect(status().textContent).toBe(EMAIL_RULE))
    expect(field().value).toBe('ana@correo')
    expect(field().getAttribute('aria-invalid')).toBe('true')
    expect(field().getAttribute('aria-describedby')).toBe(status().id)
  })

  test('too many (429): the server\'s words; the address stays', async () => {
    serve(() => Response.json({ message: 'Demasiados intentos. Intenta de nuevo en 10 minuto(s).' }, { status: 429, headers: { 'retry-after': '600' } }))
    render(<NewsletterForm />)
    submit('ana@correo.com')
    await waitFor(() => expect(status().textContent).toBe('Demasiados intentos. Intenta de nuevo en 10 minuto(s).'))
    expect(field().value).toBe('ana@correo.com')
  })

  test('no connection: says so in Spanish, keeps the address, and a retry that works clears the message', async () => {
    let online = false
    serve(() => (online ? Response.json({ message: SUBSCRIBED_MESSAGE }, { status: 201 }) : Promise.reject(new TypeError('Failed to fetch'))))
    render(<NewsletterForm />)
    submit('ana@correo.com')
    await waitFor(() => expect(status().textContent).toBe(OFFLINE_MESSAGE))
    expect(field().value).toBe('ana@correo.com')
    online = true
    fireEvent.submit(field().form as HTMLFormElement)
    await waitFor(() => expect(status().textContent).toBe(SUBSCRIBED_MESSAGE))
  })
})
