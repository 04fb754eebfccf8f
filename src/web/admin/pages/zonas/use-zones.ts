import { useQuery } from '@tanstack/react-query'
import { type CoverageZone, zoneInputSchema } from '@/shared/schemas'
import { api } from '../../lib/api'
import { zonesQuery } from '../../lib/query-keys'
import { useCrud } from '../../lib/use-crud'

export const useZones = () => useQuery(zonesQuery())

export function useZoneMutations() {
  return useCrud({
    schema: zoneInputSchema,
    collection: api['coverage-zones'],
    create: (data) => api['coverage-zones'].post(data),
    update: (id, data) => api['coverage-zones']({ id }).put(data),
    remove: (id) => api['coverage-zones']({ id }).delete(),
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
