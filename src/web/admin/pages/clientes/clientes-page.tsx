import { UserCheck, UserPlus, Users } from 'lucide-react'
import { PlaceholderPage } from '../../components/placeholder-page'
import { EmptyState } from '../../components/query-state'

const COUNTERS = [
  { title: 'Total Clientes', icon: Users },
  { title: 'Nuevos Este Mes', icon: UserPlus },
  { title: 'Clientes Activos', icon: UserCheck },
]

/** Placeholder: fixed counters, no data loaded. */
export default function ClientesPage() {
  return (
    <PlaceholderPage title="Clientes" description="Información de tus clientes" counters={COUNTERS} value={0} cardTitle="Lista de clientes">
      <EmptyState icon={<Users aria-hidden="true" className="size-8" />}>No hay clientes registrados</EmptyState>
    </PlaceholderPage>
  )
}
