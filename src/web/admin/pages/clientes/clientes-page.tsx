import { UserCheck, UserPlus, Users } from 'lucide-react'
import { Card, CardContent, CardHeader, CardTitle } from '@/web/ui/card'
import { EmptyState } from '../../components/query-state'
import { PageHeader } from '../../components/page-header'
import { StatCard } from '../../components/stat-card'

/** Placeholder: fixed counters, no data loaded. */
export default function ClientesPage() {
  return (
    <div>
      <PageHeader title="Clientes" description="Información de tus clientes" />
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard title="Total Clientes" value={0} icon={Users} />
        <StatCard title="Nuevos Este Mes" value={0} icon={UserPlus} />
        <StatCard title="Clientes Activos" value={0} icon={UserCheck} />
      </div>
      <Card className="mt-6">
        <CardHeader>
          <CardTitle as="h2">Lista de clientes</CardTitle>
        </CardHeader>
        <CardContent>
          <EmptyState icon={<Users aria-hidden="true" className="size-8" />}>No hay clientes registrados</EmptyState>
        </CardContent>
      </Card>
    </div>
  )
}
