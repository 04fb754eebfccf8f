/**
 * The table's own buttons (issue #45): 'Llamar al mesero' and 'Pedir la cuenta', under the nav
 * bar of a table's storefront. Its own chunk (app.tsx loads it only for a table): the plain
 * store's first load carries none of it. Each tap is one POST /api/tables/calls; the board rings.
 * A refused token (409) forgets the table; too many calls (429) say so in the server's words.
 */
import { BellRing, ReceiptText } from 'lucide-react'
import { useState } from 'react'
import { TABLE_CALL_LABELS, TABLE_REFUSED, type TableCall, type TableVisit } from '../../../shared/dining-table'
import { Button } from '../../ui/button'
import { tableVisitActions } from '../table-visit'

type Answer = { tone: 'ok' | 'error'; text: string }

export function TableBar({ table }: { table: TableVisit }) {
  const [sending, setSending] = useState<TableCall | null>(null)
  const [answer, setAnswer] = useState<Answer | null>(null)

  const call = async (kind: TableCall) => {
    if (sending) return
    setSending(kind)
    setAnswer(null)
    try {
      const res = await fetch('/api/tables/calls', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: table.token, call: kind }) })
      const body = (await res.json().catch(() => null)) as { message?: unknown } | null
      const message = typeof body?.message === 'string' ? body.message : null
      if (res.ok) setAnswer({ tone: 'ok', text: message ?? 'Listo' })
      else {
        if (res.status === 409) tableVisitActions.forget()
        setAnswer({ tone: 'error', text: message ?? (res.status === 409 ? TABLE_REFUSED : 'No pudimos avisar; llama al personal.') })
      }
    } catch {
      setAnswer({ tone: 'error', text: 'Sin conexión: no pudimos avisar; llama al personal.' })
    } finally {
      setSending(null)
    }
  }

  return (
    <section aria-label={`Tu mesa: ${table.name}`} className="border-b border-border bg-secondary/30" data-testid="table-bar">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-2 px-4 py-2">
        <p className="mr-auto text-sm font-semibold">Pide desde aquí: te lo llevamos a <span data-testid="table-bar-name">{table.name}</span>.</p>
        {/* Two equal halves on a phone, each label whole (wrapping if it must), never wider than the screen. */}
        <div className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto">
          <Button variant="outline" className="h-auto min-h-11 min-w-0 px-2 whitespace-normal" disabled={sending !== null} onClick={() => void call('mesero')} data-testid="call-waiter">
            <BellRing aria-hidden="true" /> {TABLE_CALL_LABELS.mesero}
          </Button>
          <Button variant="outline" className="h-auto min-h-11 min-w-0 px-2 whitespace-normal" disabled={sending !== null} onClick={() => void call('cuenta')} data-testid="call-bill">
            <ReceiptText aria-hidden="true" /> {TABLE_CALL_LABELS.cuenta}
          </Button>
        </div>
        {answer && (
          <p role={answer.tone === 'ok' ? 'status' : 'alert'} className={answer.tone === 'ok' ? 'w-full text-sm font-medium text-success' : 'w-full text-sm font-medium text-destructive'} data-testid="table-call-answer">
            {answer.text}
          </p>
        )}
      </div>
    </section>
  )
}
