import { Navigate, Outlet } from 'react-router'
import { useCurrentUser } from '../lib/auth'
import { Loading } from './loading'

/** Every /admin route: 'Cargando...' while the session loads, /login when signed out. */
export function RequireAuth() {
  const { user, isLoading } = useCurrentUser()
  if (isLoading) return <Loading />
  if (!user) return <Navigate to="/login" replace />
  return <Outlet />
}
