import type { ReactNode } from 'react'
import { Navigate, Outlet } from 'react-router'
import { ShieldAlert } from 'lucide-react'
import { useCurrentUser } from '../lib/auth'
import { Loading } from './loading'

/** Every /admin route: 'Cargando...' while the session loads, /login when signed out. */
export function RequireAuth() {
  const { user, isLoading } = useCurrentUser()
  if (isLoading) return <Loading />
  if (!user) return <Navigate to="/login" replace />
  return <Outlet />
}

/**
 * A page for administrators only: a 'Cocina / caja' account that follows a link to it sees why
 * it cannot open it (the server refuses its calls with 403 anyway).
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser()
  if (user?.role === 'staff') {
    return (
      <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
        <ShieldAlert aria-hidden="true" className="size-10 text-muted-foreground" />
        <h1 className="text-xl font-bold">Esta página es solo para administradores</h1>
        <p className="text-muted-foreground">Tu cuenta (Cocina / caja) puede usar el Dashboard, Pedidos, Productos y Mi Perfil.</p>
      </div>
    )
  }
  return children
}
