import { NavLink } from 'react-router'
import {
  Sidebar,
  SidebarContent,
  SidebarGroup,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  sidebarMenuButtonClass,
  useSidebar,
} from '@/web/ui/sidebar'
import { canOpen } from '@/shared/admin-routes'
import { useCurrentUser } from '../../lib/auth'
import { useStoreProfile } from '../../lib/use-store-profile'
import { NAV_ITEMS } from './nav-items'

export function AppSidebar() {
  const { isMobile, setOpenMobile } = useSidebar()
  // Before the session is known, only what every account sees (never a flash of admin entries to staff).
  const role = useCurrentUser().user?.role ?? 'staff'
  const restaurant = useStoreProfile().data
  return (
    <Sidebar label="Panel de administración">
      <SidebarHeader>
        {/* Whose panel this is ('Tu restaurante', issue #41): its initial and name, once read (never another restaurant's for a moment). */}
        <div className="flex h-10 items-center gap-2 px-1 font-bold text-primary" data-testid="sidebar-restaurant">
          <span aria-hidden="true" className="flex size-8 shrink-0 items-center justify-center rounded-md bg-primary text-primary-foreground">
            {restaurant ? initialOf(restaurant.name) : null}
          </span>
          <span className="truncate group-data-[collapsible=icon]:sr-only">{restaurant?.name}</span>
        </div>
      </SidebarHeader>
      <SidebarContent>
        <SidebarGroup>
          <SidebarGroupLabel>Administración</SidebarGroupLabel>
          <SidebarMenu>
            {NAV_ITEMS.filter(({ page }) => canOpen(page, role)).map(({ page, icon: Icon }) => (
              <SidebarMenuItem key={page.id}>
                <SidebarMenuButton tooltip={page.label}>
                  <NavLink
                    to={page.path}
                    end={page.id === 'dashboard'}
                    className={sidebarMenuButtonClass}
                    onClick={() => {
                      if (isMobile) setOpenMobile(false)
                    }}
                  >
                    <Icon aria-hidden="true" />
                    <span>{page.label}</span>
                  </NavLink>
                </SidebarMenuButton>
              </SidebarMenuItem>
            ))}
          </SidebarMenu>
        </SidebarGroup>
      </SidebarContent>
    </Sidebar>
  )
}

/** The badge's letter: the name's first letter or digit ('Pupusería La Ceiba' → P; '7 Mares' → 7). */
const initialOf = (name: string): string => /[\p{L}\p{N}]/u.exec(name)?.[0]?.toUpperCase() ?? ''
