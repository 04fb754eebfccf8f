import { Suspense } from 'react'
import { Outlet } from 'react-router'
import { SidebarInset, SidebarProvider } from '@/web/ui/sidebar'
import { Loading } from '../loading'
import { AdminHeader } from './admin-header'
import { AppSidebar } from './app-sidebar'

/** Sidebar + header around every /admin page. */
export default function AdminLayout() {
  return (
    <SidebarProvider>
      <AppSidebar />
      <SidebarInset>
        <AdminHeader />
        <main id="contenido" className="flex-1 p-4 md:p-6">
          <Suspense fallback={<Loading />}>
            <Outlet />
          </Suspense>
        </main>
      </SidebarInset>
    </SidebarProvider>
  )
}
