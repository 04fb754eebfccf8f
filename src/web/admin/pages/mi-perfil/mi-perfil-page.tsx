import { CircleUser } from 'lucide-react'
import type { ReactNode } from 'react'
import { ROLE_LABELS } from '@/shared/schemas/auth'
import { Badge } from '@/web/ui/badge'
import { Card, CardContent, CardHeader, CardTitle } from '@/web/ui/card'
import { PageHeader } from '../../components/page-header'
import { useCurrentUser } from '../../lib/auth'
import { ActiveSessions } from './active-sessions'
import { ChangePasswordForm } from './change-password-form'

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-b border-border py-3 last:border-0 sm:grid-cols-3 sm:items-center">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="sm:col-span-2">{children}</dd>
    </div>
  )
}

export default function MiPerfilPage() {
  const { user } = useCurrentUser()
  return (
    <div>
      <PageHeader title="Mi Perfil" description="Información de tu cuenta" />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader className="flex-row items-center gap-3">
            <CircleUser aria-hidden="true" className="size-10 text-primary" />
            <CardTitle as="h2">Datos de la cuenta</CardTitle>
          </CardHeader>
          <CardContent>
            <dl>
              <Row label="Usuario">{user?.username}</Row>
              <Row label="Rol">{user ? ROLE_LABELS[user.role] : ''}</Row>
              <Row label="Estado">
                <Badge variant="success">Activo</Badge>
              </Row>
              <Row label="Contraseña">
                <span aria-label="Contraseña oculta">••••••••</span>
              </Row>
              <Row label="Último acceso">Hoy</Row>
            </dl>
          </CardContent>
        </Card>
        <ChangePasswordForm />
        <ActiveSessions />
      </div>
    </div>
  )
}
