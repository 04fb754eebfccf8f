import { BookOpen, CircleCheck, KeyRound, Plus } from 'lucide-react'
import { useState } from 'react'
import type { ApiKey } from '@/shared/schemas'
import { Button, buttonVariants } from '@/web/ui/button'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { Loading } from '../../components/loading'
import { PageHeader } from '../../components/page-header'
import { EmptyState, QueryError } from '../../components/query-state'
import { StatCard } from '../../components/stat-card'
import { ApiKeyCard } from './api-key-card'
import { CreateApiKeyDialog } from './create-api-key-dialog'
import { useApiKeys, useDeleteApiKey } from './use-api-keys'

export default function ApiKeysPage() {
  const keys = useApiKeys()
  const remove = useDeleteApiKey()
  const [creating, setCreating] = useState(false)
  const [toDelete, setToDelete] = useState<ApiKey | null>(null)
  const list = keys.data ?? []

  return (
    <div>
      <PageHeader
        title="API Keys"
        description="Llaves de acceso para sistemas externos, como un punto de venta"
        actions={
          <>
            {/* The integrators' reference (OpenAPI): what a key opens and how to send it. */}
            <a href="/api/docs" target="_blank" rel="noopener" className={buttonVariants({ variant: 'outline' })}>
              <BookOpen aria-hidden="true" />
              Documentación de la API
            </a>
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden="true" />
              Nueva API Key
            </Button>
          </>
        }
      />
      {keys.isLoading ? (
        <Loading text="Cargando API Keys..." />
      ) : keys.isError ? (
        <QueryError error={keys.error} onRetry={() => void keys.refetch()} />
      ) : (
        <>
          <div className="mb-6 grid gap-4 sm:grid-cols-2">
            <StatCard title="Total Keys" value={list.length} icon={KeyRound} />
            <StatCard title="Keys Activas" value={list.filter((k) => k.active).length} icon={CircleCheck} />
          </div>
          {list.length === 0 ? (
            <EmptyState icon={<KeyRound aria-hidden="true" className="size-8" />}>No hay API Keys creadas</EmptyState>
          ) : (
            <ul className="grid gap-3">
              {list.map((k) => (
                <li key={k.id}>
                  <ApiKeyCard apiKey={k} onDelete={() => setToDelete(k)} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <CreateApiKeyDialog open={creating} onOpenChange={setCreating} />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null)
        }}
        title="Eliminar API Key"
        description={`¿Eliminar la API Key “${toDelete?.name ?? ''}”? Esta acción no se puede deshacer: los sistemas que la usen dejarán de tener acceso.`}
        confirmLabel={remove.isPending ? 'Eliminando...' : 'Eliminar'}
        busy={remove.isPending}
        onConfirm={() => {
          if (toDelete) remove.mutate(toDelete.id, { onSettled: () => setToDelete(null) })
        }}
      />
    </div>
  )
}
