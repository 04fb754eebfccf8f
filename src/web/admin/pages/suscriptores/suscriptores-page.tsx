import { Download, Mail, Trash2 } from 'lucide-react'
import { useState } from 'react'
import type { Subscriber } from '@/shared/subscribers'
import { Button, buttonVariants } from '@/web/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/web/ui/card'
import { Skeleton } from '@/web/ui/skeleton'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { PageHeader } from '../../components/page-header'
import { EmptyState, QueryError } from '../../components/query-state'
import { PAGE_SIZE, formatConsentTime, subscribersCsvHref, useDeleteSubscriber, useSubscribers } from './use-subscribers'

/** Suscriptores: the addresses the storefront's footer recorded, with when each one consented. */
export default function SuscriptoresPage() {
  const [page, setPage] = useState(0)
  const subscribers = useSubscribers(page)
  const remove = useDeleteSubscriber()
  const [toDelete, setToDelete] = useState<Subscriber | null>(null)
  const rows = subscribers.data ?? []

  return (
    <div>
      <PageHeader title="Suscriptores" description="Correos que pidieron tus promociones desde la tienda" />
      <Card>
        <CardHeader className="gap-3 sm:flex-row sm:items-center sm:justify-between">
          <CardTitle as="h2">Lista de suscriptores</CardTitle>
          <a href={subscribersCsvHref()} download className={buttonVariants({ variant: 'outline' })}>
            <Download aria-hidden="true" /> CSV
          </a>
        </CardHeader>
        <CardContent>
          {subscribers.isPending ? (
            <Skeleton className="h-40" />
          ) : subscribers.isError ? (
            <QueryError error={subscribers.error} onRetry={() => void subscribers.refetch()} />
          ) : rows.length === 0 && page === 0 ? (
            <EmptyState icon={<Mail aria-hidden="true" className="size-8" />}>Nadie se ha suscrito todavía</EmptyState>
          ) : (
            <>
              <ul aria-label="Suscriptores" className="divide-y divide-border">
                {rows.map((s) => (
                  <li key={s.id} className="flex items-center justify-between gap-3 py-3">
                    <div className="min-w-0">
                      <p className="font-semibold break-all">{s.email}</p>
                      <p className="text-sm text-muted-foreground">Suscrito el {formatConsentTime(s.consentedAt)}</p>
                    </div>
                    <Button variant="ghost" size="icon" aria-label={`Quitar ${s.email}`} onClick={() => setToDelete(s)}>
                      <Trash2 aria-hidden="true" className="text-destructive" />
                    </Button>
                  </li>
                ))}
              </ul>
              {/* Only when there is more than one page. */}
              {(page > 0 || rows.length >= PAGE_SIZE) && <Pager page={page} last={rows.length < PAGE_SIZE} onPage={setPage} />}
            </>
          )}
        </CardContent>
      </Card>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null)
        }}
        title="Quitar suscriptor"
        description={`¿Quitar ${toDelete?.email ?? ''} de la lista? Ya no recibirá promociones; podrá suscribirse de nuevo desde la tienda.`}
        confirmLabel={remove.isPending ? 'Quitando...' : 'Quitar'}
        busy={remove.isPending}
        onConfirm={() => {
          if (toDelete) remove.mutate(toDelete.id, { onSettled: () => setToDelete(null) })
        }}
      />
    </div>
  )
}

function Pager({ page, last, onPage }: { page: number; last: boolean; onPage: (page: number) => void }) {
  return (
    <div className="mt-3 flex items-center justify-between gap-2">
      <Button variant="outline" size="sm" disabled={page === 0} onClick={() => onPage(page - 1)}>
        Anterior
      </Button>
      <span className="text-sm text-muted-foreground">Página {page + 1}</span>
      <Button variant="outline" size="sm" disabled={last} onClick={() => onPage(page + 1)}>
        Siguiente
      </Button>
    </div>
  )
}
