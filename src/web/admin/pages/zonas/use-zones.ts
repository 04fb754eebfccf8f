import { useQuery } from '@tanstack/react-query'
import type { CoverageZone, ZoneInput } from '@/shared/schemas'
import { ZONES_KEY } from '../../lib/query-keys'
import { useCrud } from '../../lib/use-crud'

export function useZones() {
  return useQuery<CoverageZone[]>({ queryKey: ZONES_KEY })
}

export function useZoneMutations() {
  return useCrud<ZoneInput, CoverageZone>({
    base: '/api/coverage-zones',
    invalidate: (qc) => qc.invalidateQueries({ queryKey: ZONES_KEY }),
    messages: {
      created: 'Zona creada',
      updated: 'Zona actualizada',
      deleted: 'Zona eliminada',
      createFailed: 'No se pudo crear la zona de cobertura',
      updateFailed: 'No se pudo actualizar la zona de cobertura',
      deleteFailed: 'No se pudo eliminar la zona de cobertura',
    },
  })
}

/** Total, active and average delivery cost (rounded). */
export function zoneStats(zones: CoverageZone[]) {
  const active = zones.filter((z) => z.available).length
  const average = zones.length ? Math.round(zones.reduce((sum, z) => sum + z.deliveryCost, 0) / zones.length) : 0
  return { total: zones.length, active, average }
}
