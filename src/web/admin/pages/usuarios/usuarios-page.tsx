import { KeyRound, Plus, ShieldCheck, Trash2, UserCheck, UserCog } from 'lucide-react'
import { useState } from 'react'
import { formatDateTime } from '@/shared/date-time'
import { ROLE_LABELS, ROLES, type Role, type StaffUser } from '@/shared/schemas'
import { Badge } from '@/web/ui/badge'
import { Button } from '@/web/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/ui/card'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/web/ui/dialog'
import { Input } from '@/web/ui/input'
import { Label } from '@/web/ui/label'
import { Select } from '@/web/ui/select'
import { Skeleton } from '@/web/ui/skeleton'
import { Switch } from '@/web/ui/switch'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { PageHeader } from '../../components/page-header'
import { QueryError } from '../../components/query-state'
import { StatCard } from '../../components/stat-card'
import { useCurrentUser } from '../../lib/auth'
import { UserForm } from './user-form'
import { useCreateUser, useDeleteUser, useUpdateUser, useUsers } from './use-users'

/** Usuarios: the panel's accounts, their roles and whether they may sign in (decision 025). */
export default function UsuariosPage() {
  const users = useUsers()
  const [creating, setCreating] = useState(false)
  const list = users.data ?? []
  const count = (n: number) => (users.isPending ? '…' : users.isError ? '—' : n)

  return (
    <div>
      <PageHeader
        title="Usuarios"
        description="Panel de gestión de usuarios del sistema"
        actions={
          <Button onClick={() => setCreating(true)}>
            <Plus aria-hidden="true" /> Nuevo usuario
          </Button>
        }
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard title="Total Usuarios" value={count(list.length)} icon={UserCog} />
        <StatCard title="Administradores" value={count(list.filter((u) => u.role === 'admin').length)} icon={ShieldCheck} />
        <StatCard title="Activos" value={count(list.filter((u) => u.active).length)} icon={UserCheck} />
      </div>
      <Card className="mt-6">
        <CardHeader>
          <CardTitle as="h2">Usuarios del sistema</CardTitle>
          <CardDescription>Administrador: todo el panel. Cocina / caja: Dashboard, Pedidos, agotados y su perfil.</CardDescription>
        </CardHeader>
        <CardContent>
          {users.isPending ? <Skeleton className="h-32" /> : users.isError ? <QueryError error={users.error} onRetry={() => void users.refetch()} /> : <UserList users={list} />}
        </CardContent>
      </Card>
      <CreateUserDialog open={creating} onOpenChange={setCreating} />
    </div>
  )
}

function UserList({ users }: { users: StaffUser[] }) {
  const me = useCurrentUser().user
  const update = useUpdateUser()
  const remove = useDeleteUser()
  const [resetting, setResetting] = useState<StaffUser | null>(null)
  const [deleting, setDeleting] = useState<StaffUser | null>(null)
  return (
    <>
      <ul aria-label="Usuarios" className="divide-y divide-border">
        {users.map((u) => (
          <li key={u.id} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="user-row">
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-2 font-semibold">
                <span>{u.username}</span>
                {u.id === me?.id ? <Badge variant="outline">Tú</Badge> : null}
                <Badge variant={u.role === 'admin' ? 'default' : 'secondary'}>{ROLE_LABELS[u.role]}</Badge>
                {u.active ? null : <Badge variant="muted">Desactivado</Badge>}
              </p>
              <p className="text-sm text-muted-foreground">Creado: {formatDateTime(u.createdAt)}</p>
            </div>
            <div className="flex flex-wrap items-center gap-3">
              <Label className="sr-only" htmlFor={`role-${u.id}`}>{`Rol de ${u.username}`}</Label>
              <Select id={`role-${u.id}`} className="w-44" value={u.role} onChange={(e) => update.mutate({ id: u.id, change: { role: e.target.value as Role } })}>
                {ROLES.map((r) => (
                  <option key={r} value={r}>
                    {ROLE_LABELS[r]}
                  </option>
                ))}
              </Select>
              <span className="flex items-center gap-2 text-sm">
                <Switch checked={u.active} onCheckedChange={(active) => update.mutate({ id: u.id, change: { active } })} aria-label={`${u.username} activo`} />
                {u.active ? 'Activo' : 'Desactivado'}
              </span>
              <Button variant="outline" size="sm" onClick={() => setResetting(u)}>
                <KeyRound aria-hidden="true" /> Contraseña
              </Button>
              <Button variant="ghost" size="icon-sm" aria-label={`Eliminar ${u.username}`} disabled={u.id === me?.id} onClick={() => setDeleting(u)} className="text-destructive hover:text-destructive">
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`¿Eliminar a ${deleting?.username ?? ''}?`}
        description="La cuenta y sus sesiones se borran. Sus cambios de estado en los pedidos siguen registrados con su nombre."
        confirmLabel="Eliminar"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
      />
    </>
  )
}

function CreateUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const create = useCreateUser()
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Nuevo usuario</DialogTitle>
          <DialogDescription>Una cuenta para alguien del equipo.</DialogDescription>
        </DialogHeader>
        {open ? <UserForm saving={create.isPending} onSubmit={(data) => create.mutate(data, { onSuccess: () => onOpenChange(false) })} /> : null}
      </DialogContent>
    </Dialog>
  )
}

function ResetPasswordDialog({ user, onClose }: { user: StaffUser | null; onClose: () => void }) {
  const update = useUpdateUser()
  const [password, setPassword] = useState('')
  const short = password.length > 0 && password.length < 8
  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => {
        if (!open) {
          setPassword('')
          onClose()
        }
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Nueva contraseña para {user?.username}</DialogTitle>
          <DialogDescription>Sus sesiones abiertas se cierran al guardarla.</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault()
            if (!user || password.length < 8) return
            update.mutate({ id: user.id, change: { password } }, { onSuccess: () => { setPassword(''); onClose() } })
          }}
        >
          <div className="grid gap-1.5">
            <Label htmlFor="reset-password">Nueva contraseña</Label>
            <Input id="reset-password" type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} aria-invalid={short || undefined} aria-describedby="reset-password-hint" />
            <p id="reset-password-hint" className={short ? 'text-sm font-medium text-destructive' : 'text-xs text-muted-foreground'}>
              Al menos 8 caracteres.
            </p>
          </div>
          <Button type="submit" disabled={update.isPending || password.length < 8}>
            {update.isPending ? 'Guardando...' : 'Guardar contraseña'}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  )
}
