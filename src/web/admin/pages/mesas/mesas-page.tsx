/**
 * /admin/mesas (admin, issue #45): the dining room's tables, each with the QR of its own
 * link (`/?mesa=<token>`, a random token, never the table's number). Create, rename,
 * deactivate (its QR then opens the plain store and its orders are refused), renew the token
 * (asked first: the printed card stops working) and copy the link. 'Imprimir tarjetas' prints
 * one A6 card per active table, the table's name under its QR.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Copy, Printer, RefreshCw, Trash2, UtensilsCrossed } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { createPortal } from 'react-dom'
import type { DiningTable } from '@/shared/schemas/dining-table'
import { Badge } from '@/web/ui/badge'
import { Button } from '@/web/ui/button'
import { Card, CardContent } from '@/web/ui/card'
import { Input } from '@/web/ui/input'
import { Label } from '@/web/ui/label'
import { QrCode } from '@/web/ui/qr-code'
import { Switch } from '@/web/ui/switch'
import { toast } from '@/web/ui/use-toast'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { Loading } from '../../components/loading'
import { PageHeader } from '../../components/page-header'
import { EmptyState, QueryError } from '../../components/query-state'
import { api, call, keyOf, serverMessage } from '../../lib/api'
import { copyText } from '../../lib/copy-text'
import { TABLE_CARDS_PRINT_CLASS, TableCardSheet, tableCardsPrintStyle } from './table-card-sheet'
import { tableLink, useTables } from './table-queries'

const origin = () => (typeof window === 'undefined' ? '' : window.location.origin)

export default function MesasPage() {
  const tables = useTables()
  const active = (tables.data ?? []).filter((t) => t.active)
  return (
    <div>
      <PageHeader
        title="Mesas"
        description="Cada mesa tiene su QR: quien lo escanea pide desde la mesa, sin teléfono ni dirección"
        actions={
          <Button onClick={() => window.print()} disabled={active.length === 0} data-testid="print-table-cards">
            <Printer aria-hidden="true" />
            Imprimir tarjetas ({active.length})
          </Button>
        }
      />
      <NewTable />
      {tables.isPending ? (
        <Loading />
      ) : tables.isError ? (
        <QueryError title="No se pudieron cargar las mesas" error={tables.error} onRetry={() => void tables.refetch()} />
      ) : tables.data.length === 0 ? (
        <EmptyState icon={<UtensilsCrossed aria-hidden="true" className="size-8" />}>Aún no hay mesas</EmptyState>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" aria-label="Mesas">
          {tables.data.map((table) => (
            <li key={table.id}>
              <TableRow table={table} />
            </li>
          ))}
        </ul>
      )}
      {active.length > 0 ? (
        <>
          <style>{tableCardsPrintStyle}</style>
          {createPortal(
            <div className={TABLE_CARDS_PRINT_CLASS} aria-hidden="true">
              {active.map((table) => (
                <TableCardSheet key={table.id} name={table.name} url={tableLink(origin(), table.token)} />
              ))}
            </div>,
            document.body,
          )}
        </>
      ) : null}
    </div>
  )
}

function useTableWrites() {
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: keyOf(api.tables) })
  const fail = (error: unknown, fallback: string) => toast({ title: 'Error', description: serverMessage(error, fallback), variant: 'destructive' })
  return { refresh, fail }
}

function NewTable() {
  const [name, setName] = useState('')
  const { refresh, fail } = useTableWrites()
  const create = useMutation({
    mutationFn: (value: string) => call(api.tables.post({ name: value, active: true })),
    onSuccess: async (table) => {
      setName('')
      toast({ title: 'Mesa creada', description: `${table.name}: imprime su tarjeta con el QR` })
      await refresh()
    },
    onError: (error) => fail(error, 'No se pudo crear la mesa'),
  })
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (name.trim()) create.mutate(name.trim())
  }
  return (
    <Card className="mb-4">
      <CardContent className="pt-5">
        <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
          <div className="grid flex-1 gap-1.5">
            <Label htmlFor="nueva-mesa">Nueva mesa</Label>
            <Input id="nueva-mesa" value={name} maxLength={40} placeholder="Por ejemplo: Mesa 5" onChange={(e) => setName(e.target.value)} />
          </div>
          <Button type="submit" disabled={create.isPending || !name.trim()}>
            Agregar mesa
          </Button>
        </form>
      </CardContent>
    </Card>
  )
}

function TableRow({ table }: { table: DiningTable }) {
  const [editing, setEditing] = useState(false)
  const [name, setName] = useState(table.name)
  const [confirm, setConfirm] = useState<'token' | 'delete' | null>(null)
  const { refresh, fail } = useTableWrites()
  const link = tableLink(origin(), table.token)

  const update = useMutation({
    mutationFn: (input: { name: string; active: boolean }) => call(api.tables({ id: table.id }).put(input)),
    onSuccess: async () => {
      setEditing(false)
      await refresh()
    },
    onError: (error) => fail(error, 'No se pudo guardar la mesa'),
  })
  const renew = useMutation({
    mutationFn: () => call(api.tables({ id: table.id }).token.post()),
    onSuccess: async () => {
      setConfirm(null)
      toast({ title: 'QR renovado', description: `Imprime otra vez la tarjeta de ${table.name}: la anterior ya no sirve` })
      await refresh()
    },
    onError: (error) => fail(error, 'No se pudo renovar el QR'),
  })
  const remove = useMutation({
    mutationFn: () => call(api.tables({ id: table.id }).delete()),
    onSuccess: async () => {
      setConfirm(null)
      await refresh()
    },
    onError: (error) => fail(error, 'No se pudo eliminar la mesa'),
  })
  const copy = async () => {
    try {
      await copyText(link)
      toast({ title: 'Copiado', description: `El enlace de ${table.name} se copió al portapapeles` })
    } catch {
      toast({ title: 'Error', description: 'No se pudo copiar el enlace', variant: 'destructive' })
    }
  }

  return (
    <Card className="h-full" data-testid="table-row">
      <CardContent className="grid gap-3 pt-5">
        <div className="flex items-start gap-3">
          <div className="w-24 shrink-0 rounded-md ring-1 ring-border">
            <QrCode value={link} label={`Código QR de ${table.name}`} />
          </div>
          <div className="grid min-w-0 flex-1 gap-2">
            {editing ? (
              <form
                className="grid gap-2"
                onSubmit={(e) => {
                  e.preventDefault()
                  if (name.trim()) update.mutate({ name: name.trim(), active: table.active })
                }}
              >
                <Label htmlFor={`mesa-${table.id}`} className="sr-only">Nombre de la mesa</Label>
                <Input id={`mesa-${table.id}`} value={name} maxLength={40} autoFocus onChange={(e) => setName(e.target.value)} />
                <div className="flex gap-2">
                  <Button type="submit" size="sm" disabled={update.isPending || !name.trim()}>Guardar</Button>
                  <Button type="button" size="sm" variant="ghost" onClick={() => { setName(table.name); setEditing(false) }}>Cancelar</Button>
                </div>
              </form>
            ) : (
              <div className="flex flex-wrap items-center gap-2">
                <p className="font-display text-xl font-bold" data-testid="table-row-name">{table.name}</p>
                {table.active ? null : <Badge variant="muted">Inactiva</Badge>}
                <Button size="sm" variant="link" className="px-1" onClick={() => setEditing(true)}>Renombrar</Button>
              </div>
            )}
            <label className="flex items-center gap-2 text-sm">
              <Switch checked={table.active} disabled={update.isPending} onCheckedChange={(active) => update.mutate({ name: table.name, active })} aria-label={`${table.name} recibe pedidos`} />
              {table.active ? 'Recibe pedidos' : 'No recibe pedidos'}
            </label>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={() => void copy()}>
            <Copy aria-hidden="true" /> Copiar enlace
          </Button>
          <Button size="sm" variant="outline" onClick={() => setConfirm('token')}>
            <RefreshCw aria-hidden="true" /> Renovar QR
          </Button>
          <Button size="sm" variant="ghost" className="text-destructive" onClick={() => setConfirm('delete')}>
            <Trash2 aria-hidden="true" /> Eliminar
          </Button>
        </div>
      </CardContent>
      <ConfirmDialog
        open={confirm === 'token'}
        onOpenChange={(open) => setConfirm(open ? 'token' : null)}
        title={`¿Renovar el QR de ${table.name}?`}
        description="La tarjeta impresa deja de funcionar en ese momento: quien la escanee ya no podrá pedir. Tendrás que imprimir la nueva."
        confirmLabel="Renovar QR"
        busy={renew.isPending}
        onConfirm={() => renew.mutate()}
      />
      <ConfirmDialog
        open={confirm === 'delete'}
        onOpenChange={(open) => setConfirm(open ? 'delete' : null)}
        title={`¿Eliminar ${table.name}?`}
        description="Su QR deja de funcionar. Los pedidos ya hechos conservan el nombre de la mesa."
        confirmLabel="Eliminar"
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
      />
    </Card>
  )
}
