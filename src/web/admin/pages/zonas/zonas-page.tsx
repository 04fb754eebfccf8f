import { CircleCheck, MapPin, Plus, Wallet } from 'lucide-react'
import { useState } from 'react'
import { formatQ } from '@/shared/money'
import type { CoverageZone, ZoneData } from '@/shared/schemas'
import { Button } from '@/web/ui/button'
import { Loading } from '../../components/loading'
import { PageHeader } from '../../components/page-header'
import { EmptyState, QueryError } from '../../components/query-state'
import { StatCard } from '../../components/stat-card'
import { ZoneCard } from './zone-card'
import { ZoneDialog } from './zone-dialog'
import { useZoneMutations, useZones, zoneStats } from './use-zones'

export default function ZonasPage() {
  const zones = useZones()
  const crud = useZoneMutations()
  const [dialog, setDialog] = useState<{ open: boolean; zone: CoverageZone | null }>({ open: false, zone: null })

  const list = zones.data ?? []
  const stats = zoneStats(list)

  async function submit(data: ZoneData) {
    if (await crud.save(dialog.zone?.id ?? null, data)) setDialog((d) => ({ ...d, open: false }))
  }

  return (
    <div>
      <PageHeader
        title="Zonas de Cobertura"
        description="Zonas de entrega a domicilio y sus costos"
        actions={
          <Button onClick={() => setDialog({ open: true, zone: null })}>
            <Plus aria-hidden="true" />
            Agregar Zona
          </Button>
        }
      />
      {zones.isLoading ? (
        <Loading text="Cargando zonas..." />
      ) : zones.isError ? (
        <QueryError error={zones.error} onRetry={() => void zones.refetch()} />
      ) : (
        <>
          <div className="mb-6 grid gap-4 sm:grid-cols-3">
            <StatCard title="Total de Zonas" value={stats.total} icon={MapPin} />
            <StatCard title="Zonas Activas" value={stats.active} icon={CircleCheck} />
            <StatCard title="Costo Promedio" value={formatQ(stats.average)} icon={Wallet} />
          </div>
          {list.length === 0 ? (
            <EmptyState icon={<MapPin aria-hidden="true" className="size-8" />}>No hay zonas de cobertura configuradas</EmptyState>
          ) : (
            <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
              {list.map((zone) => (
                <li key={zone.id}>
                  <ZoneCard
                    zone={zone}
                    deleting={crud.remove.isPending && crud.remove.variables === zone.id}
                    onEdit={() => setDialog({ open: true, zone })}
                    onDelete={() => crud.remove.mutate(zone.id)}
                  />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      <ZoneDialog
        open={dialog.open}
        zone={dialog.zone}
        saving={crud.saving}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        onSubmit={submit}
      />
    </div>
  )
}
