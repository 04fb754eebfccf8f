import { useQuery } from '@tanstack/react-query'
import { ListChecks, Plus } from 'lucide-react'
import { useState } from 'react'
import type { OptionGroup } from '@/shared/options'
import type { OptionGroupData } from '@/shared/schemas/option-group'
import { Badge } from '@/web/ui/badge'
import { Button } from '@/web/ui/button'
import { Card, CardHeader, CardTitle } from '@/web/ui/card'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { EditDeleteActions } from '../../components/edit-delete-actions'
import { Loading } from '../../components/loading'
import { PageHeader } from '../../components/page-header'
import { EmptyState, QueryError } from '../../components/query-state'
import { productsQuery } from '../../lib/query-keys'
import { OptionGroupDialog } from './option-group-dialog'
import { OptionStock } from './option-stock'
import { ruleParts } from './option-text'
import { useOptionGroupMutations, useOptionGroups } from './use-option-groups'

/** '2 productos: Café con leche, Latte' (the first three named). */
function usedByText(names: readonly string[]): string {
  if (names.length === 0) return 'Ningún producto lo usa'
  const shown = names.slice(0, 3).join(', ')
  const more = names.length > 3 ? ` y ${names.length - 3} más` : ''
  return `${names.length} ${names.length === 1 ? 'producto' : 'productos'}: ${shown}${more}`
}

/**
 * Option groups (issue #32), admin only: the choices a dish asks for ('Leche: Entera,
 * Deslactosada, Almendra (+Q5)'). One group serves many products; a product picks its groups
 * in its own form. Each option can be switched 'Agotado' here or, by any account, in Productos.
 */
export default function OpcionesPage() {
  const groups = useOptionGroups()
  const products = useQuery(productsQuery())
  const crud = useOptionGroupMutations()
  const [dialog, setDialog] = useState<{ open: boolean; group: OptionGroup | null }>({ open: false, group: null })
  const [toDelete, setToDelete] = useState<OptionGroup | null>(null)
  const list = groups.data ?? []
  const usedBy = (id: number) => (products.data ?? []).filter((p) => (p.optionGroupIds ?? []).includes(id)).map((p) => p.name)

  async function submit(data: OptionGroupData) {
    if (await crud.save(dialog.group?.id ?? null, data)) setDialog((d) => ({ ...d, open: false }))
  }

  function askDelete(group: OptionGroup) {
    crud.remove.reset()
    setToDelete(group)
  }

  const deleteUsers = toDelete ? usedBy(toDelete.id) : []

  return (
    <div>
      <PageHeader
        title="Opciones"
        description="Lo que el cliente elige al pedir: la leche del café, la proteína del plato"
        actions={
          <Button onClick={() => setDialog({ open: true, group: null })}>
            <Plus aria-hidden="true" />
            Agregar Grupo
          </Button>
        }
      />
      {groups.isLoading ? (
        <Loading text="Cargando opciones..." />
      ) : groups.isError ? (
        <QueryError error={groups.error} onRetry={() => void groups.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState icon={<ListChecks aria-hidden="true" className="size-8" />}>
          No hay grupos de opciones. Crea el primero, por ejemplo Leche: Entera, Deslactosada, Almendra.
        </EmptyState>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2" aria-label="Grupos de opciones">
          {list.map((group) => {
            const [rule, need] = ruleParts(group)
            return (
              <li key={group.id} data-testid="option-group-card" data-id={group.id}>
                <Card className="flex h-full flex-col">
                  <CardHeader className="flex-1 gap-3">
                    <div className="flex flex-wrap items-start justify-between gap-2">
                      <CardTitle as="h2">{group.name}</CardTitle>
                      <div className="flex flex-wrap gap-1.5" data-testid="group-rule">
                        <Badge variant="secondary">{rule}</Badge>
                        <Badge variant={group.min >= 1 ? 'outline' : 'muted'}>{need}</Badge>
                      </div>
                    </div>
                    <p className="text-sm text-muted-foreground" data-testid="group-used-by">
                      {products.isSuccess ? usedByText(usedBy(group.id)) : '\u00a0'}
                    </p>
                    <OptionStock group={group} />
                    <EditDeleteActions
                      name={group.name}
                      className="border-t border-border pt-3"
                      onEdit={() => setDialog({ open: true, group })}
                      onDelete={() => askDelete(group)}
                      deleting={crud.remove.isPending && crud.remove.variables === group.id}
                    />
                  </CardHeader>
                </Card>
              </li>
            )
          })}
        </ul>
      )}
      <OptionGroupDialog
        open={dialog.open}
        group={dialog.group}
        saving={crud.saving}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        onSubmit={submit}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null)
        }}
        title={`Eliminar ${toDelete?.name ?? 'grupo'}`}
        // In use, the server refuses (409) and its message, shown below, says what to do.
        description={deleteUsers.length > 0 ? `${deleteUsers.length === 1 ? 'Lo usa' : 'Lo usan'} ${usedByText(deleteUsers)}.` : 'Sus opciones dejan de ofrecerse. Los pedidos ya hechos las conservan.'}
        error={crud.deleteError}
        confirmLabel={crud.remove.isPending ? 'Eliminando...' : 'Eliminar'}
        busy={crud.remove.isPending}
        onConfirm={() => {
          if (toDelete) crud.remove.mutate(toDelete.id, { onSuccess: () => setToDelete(null) })
        }}
      />
    </div>
  )
}
