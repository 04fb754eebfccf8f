import { Carrot, Flame, Layers, Plus, Sparkles } from 'lucide-react'
import { useState } from 'react'
import type { Ingredient, IngredientData, IngredientType } from '@/shared/schemas'
import { Button } from '@/web/ui/button'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/ui/tabs'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { Loading } from '../../components/loading'
import { PageHeader } from '../../components/page-header'
import { QueryError } from '../../components/query-state'
import { StatCard } from '../../components/stat-card'
import { IngredientDialog } from './ingredient-dialog'
import { IngredientGrid } from './ingredient-grid'
import { useIngredientMutations, useIngredients } from './use-ingredients'

const TABS: { type: IngredientType; label: string; empty: string }[] = [
  { type: 'base', label: 'Base', empty: 'No hay ingredientes base' },
  { type: 'extra', label: 'Extras', empty: 'No hay ingredientes extras' },
  { type: 'salsa', label: 'Salsas', empty: 'No hay salsas creadas' },
]

export default function IngredientesPage() {
  const ingredients = useIngredients()
  const crud = useIngredientMutations()
  const [dialog, setDialog] = useState<{ open: boolean; ingredient: Ingredient | null }>({ open: false, ingredient: null })
  const [toDelete, setToDelete] = useState<Ingredient | null>(null)

  const list = ingredients.data ?? []
  const byType = (t: IngredientType) => list.filter((i) => i.type === t)

  async function submit(data: IngredientData) {
    if (await crud.save(dialog.ingredient?.id ?? null, data)) setDialog((d) => ({ ...d, open: false }))
  }

  function confirmDelete() {
    if (!toDelete) return
    crud.remove.mutate(toDelete.id, { onSettled: () => setToDelete(null) })
  }

  return (
    <div>
      <PageHeader
        title="Ingredientes"
        description="Ingredientes base, extras y salsas para personalizar los platillos"
        actions={
          <Button onClick={() => setDialog({ open: true, ingredient: null })}>
            <Plus aria-hidden="true" />
            Agregar Ingrediente
          </Button>
        }
      />
      {ingredients.isLoading ? (
        <Loading text="Cargando ingredientes..." />
      ) : ingredients.isError ? (
        <QueryError error={ingredients.error} onRetry={() => void ingredients.refetch()} />
      ) : (
        <>
          <div className="mb-6 grid grid-cols-2 gap-4 lg:grid-cols-4">
            <StatCard title="Total" value={list.length} icon={Layers} />
            <StatCard title="Base" value={byType('base').length} icon={Carrot} />
            <StatCard title="Extras" value={byType('extra').length} icon={Sparkles} />
            <StatCard title="Salsas" value={byType('salsa').length} icon={Flame} />
          </div>
          <Tabs defaultValue="base">
            <TabsList className="max-w-full overflow-x-auto">
              {TABS.map((t) => (
                <TabsTrigger key={t.type} value={t.type}>
                  {t.label} ({byType(t.type).length})
                </TabsTrigger>
              ))}
            </TabsList>
            {TABS.map((t) => (
              <TabsContent key={t.type} value={t.type}>
                <IngredientGrid
                  items={byType(t.type)}
                  empty={t.empty}
                  onEdit={(ingredient) => setDialog({ open: true, ingredient })}
                  onDelete={setToDelete}
                />
              </TabsContent>
            ))}
          </Tabs>
        </>
      )}
      <IngredientDialog
        open={dialog.open}
        ingredient={dialog.ingredient}
        saving={crud.saving}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        onSubmit={submit}
      />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null)
        }}
        title="Eliminar ingrediente"
        description="¿Estás seguro de que deseas eliminar este ingrediente?"
        confirmLabel={crud.remove.isPending ? 'Eliminando...' : 'Eliminar'}
        busy={crud.remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  )
}
