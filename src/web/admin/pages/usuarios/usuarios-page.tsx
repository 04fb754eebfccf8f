import { ShieldCheck, UserCheck, UserCog } from 'lucide-react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/ui/card'
import { PageHeader } from '../../components/page-header'
import { StatCard } from '../../components/stat-card'

/** Static: one administrator with full access. */
export default function UsuariosPage() {
  return (
    <div>
      <PageHeader title="Usuarios" description="Panel de gestión de usuarios del sistema" />
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard title="Total Usuarios" value={1} icon={UserCog} />
        <StatCard title="Administradores" value={1} icon={ShieldCheck} />
        <StatCard title="Activos" value={1} icon={UserCheck} />
      </div>
      <Card className="mt-6">
        <CardHeader>
          <CardTitle as="h2">Usuarios del sistema</CardTitle>
          <CardDescription>Panel de gestión de usuarios del sistema</CardDescription>
        </CardHeader>
        <CardContent>
          <p className="text-sm">El sistema tiene un usuario administrador con acceso completo a todas las secciones del panel.</p>
        </CardContent>
      </Card>
    </div>
  )
}
