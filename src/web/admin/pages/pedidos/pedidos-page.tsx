import { CircleCheck, Clock, ShoppingCart, Timer } from 'lucide-react'
import { Card, CardContent, CardHeader, CardTitle } from '@/web/ui/card'
import { EmptyState } from '../../components/query-state'
import { PageHeader } from '../../components/page-header'
import { StatCard } from '../../components/stat-card'

/** Placeholder: fixed counters, no data loaded. */
export default function PedidosPage() {
  return (
    <div>
      <PageHeader title="Pedidos" description="Gestiona los pedidos de tus clientes" />
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard title="Pedidos Pendientes" value={0} icon={Clock} />
        <StatCard title="En Proceso" value={0} icon={Timer} />
        <StatCard title="Completados Hoy" value={0} icon={CircleCheck} />
      </div>
      <Card className="mt-6">
        <CardHeader>
          <CardTitle as="h2">Lista de pedidos</CardTitle>
        </CardHeader>
        <CardContent>
          <EmptyState icon={<ShoppingCart aria-hidden="true" className="size-8" />}>No hay pedidos registrados</EmptyState>
        </CardContent>
      </Card>
    </div>
  )
}
