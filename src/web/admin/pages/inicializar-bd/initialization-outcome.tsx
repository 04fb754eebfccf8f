import type { UseMutationResult } from '@tanstack/react-query'
import { CircleCheck, LoaderCircle, TriangleAlert } from 'lucide-react'
import { useEffect, useRef } from 'react'
import type { InitializationResult } from '@/shared/schemas'
import { Alert, AlertDescription, AlertTitle } from '@/web/ui/alert'
import { serverMessage } from '../../lib/api'

/** What the chat number line says: the seed keeps a number saved before (stats.settings 0). */
const chatNumberLine = (saved: number) => (saved > 0 ? 'Número de WhatsApp: guardado' : 'Número de WhatsApp: se conservó el que ya tenías')

/**
 * The run's state at the top of the page: running, then what was loaded or why not. When
 * the answer comes it is scrolled into view and focused, so a phone that pressed the button
 * at the bottom of the page sees it and a screen reader reads it.
 */
export function InitializationOutcome({ mutation }: { mutation: UseMutationResult<InitializationResult, Error, void> }) {
  const box = useRef<HTMLDivElement>(null)
  const settled = mutation.isSuccess || mutation.isError
  useEffect(() => {
    if (!settled || !box.current) return
    box.current.scrollIntoView?.({ block: 'start' })
    box.current.focus({ preventScroll: true })
  }, [settled])

  return (
    <div ref={box} tabIndex={-1} aria-live="polite" className="scroll-mt-20 outline-none empty:hidden" data-testid="initialization-outcome">
      {mutation.isPending ? (
        <Alert role="status">
          <LoaderCircle aria-hidden="true" className="animate-spin" />
          <AlertTitle>Inicializando Base de Datos...</AlertTitle>
          <AlertDescription>Cargando el menú inicial; tarda unos segundos.</AlertDescription>
        </Alert>
      ) : null}
      {mutation.isSuccess ? (
        <Alert variant="success" role="status">
          <CircleCheck aria-hidden="true" />
          <AlertTitle>{mutation.data.message || 'Base de datos inicializada'}</AlertTitle>
          <AlertDescription>
            <ul className="mt-1 grid gap-0.5">
              <li>Ingredientes: {mutation.data.stats.ingredients}</li>
              <li>Productos: {mutation.data.stats.products}</li>
              <li>{chatNumberLine(mutation.data.stats.settings)}</li>
            </ul>
          </AlertDescription>
        </Alert>
      ) : null}
      {mutation.isError ? (
        <Alert variant="destructive">
          <TriangleAlert aria-hidden="true" />
          <AlertTitle>Error</AlertTitle>
          <AlertDescription>{serverMessage(mutation.error, 'Error de conexión')}</AlertDescription>
        </Alert>
      ) : null}
    </div>
  )
}
