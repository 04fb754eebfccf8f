import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Download, LogOut } from 'lucide-react'
import { useNavigate } from 'react-router'
import { DEFAULT_LOGO } from '@/shared/store-profile'
import { Button } from '@/web/ui/button'
import { SidebarTrigger } from '@/web/ui/sidebar'
import { toast } from '@/web/ui/use-toast'
import { install, useInstallOffer } from '../../lib/admin-app'
import { api, call } from '../../lib/api'
import { useCurrentUser } from '../../lib/auth'
import { USER_KEY } from '../../lib/query-keys'
import { useStoreProfile } from '../../lib/use-store-profile'

export function AdminHeader() {
  const { user } = useCurrentUser()
  const restaurant = useStoreProfile().data
  // The browser's offer to install the admin as an app (issue #43): shown only when it comes.
  const installOffered = useInstallOffer()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const logout = useMutation({
    mutationFn: () => call(api.auth.logout.post()),
    onSuccess: () => {
      queryClient.setQueryData(USER_KEY, null)
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== USER_KEY[0] })
      toast({ title: 'Sesión cerrada' })
      navigate('/login')
    },
    onError: () => toast({ title: 'Error', description: 'No se pudo cerrar la sesión', variant: 'destructive' }),
  })

  return (
    <header className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-2 border-b border-border bg-card/95 px-3 backdrop-blur md:px-4">
      <SidebarTrigger />
      {/* Whose panel this is ('Tu restaurante'): the name the storefront shows. */}
      {restaurant && (
        <span className="flex min-w-0 items-center gap-2 truncate font-display font-bold text-primary" data-testid="admin-restaurant">
          <img src={restaurant.logoUrl ?? DEFAULT_LOGO} alt="" className="size-7 shrink-0 rounded object-contain" />
          {/* From md up the sidebar names it; on a phone the logo does (the name stays for screen readers). */}
          <span className="truncate max-sm:sr-only md:sr-only">{restaurant.name}</span>
        </span>
      )}
      <div className="ml-auto flex min-w-0 items-center gap-3">
        {/* On a phone the restaurant is its logo and the two buttons are their icons (the words
            stay their names): with the user's name they would push the page sideways. */}
        {installOffered ? (
          <Button variant="outline" size="sm" className="max-sm:w-11 max-sm:px-0" onClick={() => void install()}>
            <Download aria-hidden="true" className="size-4" />
            <span className="max-sm:sr-only">Instalar</span>
          </Button>
        ) : null}
        <span className="truncate text-sm text-foreground">
          <span className="sr-only">Usuario: </span>
          {user?.username}
        </span>
        <Button variant="outline" size="sm" className="max-sm:w-11 max-sm:px-0" onClick={() => logout.mutate()} disabled={logout.isPending}>
          <LogOut aria-hidden="true" className="size-4" />
          <span className="max-sm:sr-only">Cerrar sesión</span>
        </Button>
      </div>
    </header>
  )
}
