import { afterEach, describe, expect, test } from 'bun:test'
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { json, mockFetch, renderAdmin } from '../../test/render'
import InicializarBdPage from './inicializar-bd-page'

let restore = () => {}
afterEach(() => {
  cleanup()
  restore()
})

/** Presses the button, confirms, and returns the answer's resolver: the run lasts until it is called. */
async function run(answer: () => Response) {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  restore = mockFetch(async () => {
    await held
    return answer()
  }).restore
  renderAdmin(<InicializarBdPage />, { path: '/admin/inicializar-bd' })
  fireEvent.click(screen.getByRole('button', { name: 'Inicializar Base de Datos' }))
  fireEvent.click(await screen.findByRole('button', { name: 'Sí, inicializar' }))
  return async () => {
    await act(async () => release())
  }
}

describe('Inicializar BD', () => {
  test('while it runs the button is disabled; the result comes first on the page, in plain words', async () => {
    const finish = await run(() => json({ message: 'Base de datos inicializada correctamente', stats: { ingredients: 21, products: 10, settings: 1 } }, 201))
    const button = await screen.findByRole('button', { name: 'Inicializando Base de Datos...' })
    expect((button as HTMLButtonElement).disabled).toBe(true)
    const outcome = screen.getByTestId('initialization-outcome')
    expect(within(outcome).getByText('Inicializando Base de Datos...')).toBeTruthy()
    await finish()
    await within(outcome).findByText('Base de datos inicializada correctamente')
    expect(outcome.textContent).toContain('Ingredientes: 21')
    expect(outcome.textContent).toContain('Número de WhatsApp: guardado')
    expect(outcome.textContent).not.toContain('Configuraciones')
    // Before the instructions and the button, and given the focus.
    const heading = screen.getByRole('heading', { name: 'Instrucciones' })
    expect(outcome.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(document.activeElement).toBe(outcome)
    expect((screen.getByRole('button', { name: 'Inicializar Base de Datos' }) as HTMLButtonElement).disabled).toBe(false)
  })

  test('a chat number saved before is kept, and said so', async () => {
    const finish = await run(() => json({ message: 'Base de datos inicializada correctamente', stats: { ingredients: 21, products: 10, settings: 0 } }, 201))
    await finish()
    expect(await screen.findByText('Número de WhatsApp: se conservó el que ya tenías')).toBeTruthy()
  })

  test('a refusal is shown at the top with the server message', async () => {
    const finish = await run(() => json({ message: 'La base de datos ya tiene productos o ingredientes' }, 409))
    await finish()
    const outcome = screen.getByTestId('initialization-outcome')
    expect(await within(outcome).findByText('La base de datos ya tiene productos o ingredientes')).toBeTruthy()
    expect(within(outcome).getByRole('alert')).toBeTruthy()
  })
})
