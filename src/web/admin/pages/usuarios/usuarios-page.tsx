import { ShieldCheck, UserCheck, UserCog } from 'lucide-react'
import { PlaceholderPage } from '../../components/placeholder-page'

/** Static: one administrator with full access. */
export default function UsuariosPage() {
  return (
    <PlaceholderPage
      title="Usuarios"
      description="Panel de gestión de usuarios del sistema"
      counters={[
        { title: 'Total Usuarios', icon: UserCog },
        { title: 'Administradores', icon: ShieldCheck },
        { title: 'Activos', icon: UserCheck },
      ]}
      value={1}
      cardTitle="Usuarios del sistema"
      cardDescription="Panel de gestión de usuarios del sistema"
    >
      <p className="text-sm">El sistema tiene un usuario administrador con acceso completo a todas las secciones del panel.</p>
    </PlaceholderPage>
  )
}
