import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react'
import { Route, Routes } from 'react-router'
import { ADMIN_PAGES, childPath, type AdminPageId } from '@/shared/admin-routes'
import { Loading } from './components/loading'
import { RequireAuth } from './components/require-auth'

const LoginPage = lazy(() => import('./pages/login/login-page'))
const SetupAdminPage = lazy(() => import('./pages/setup-admin/setup-admin-page'))
const AdminLayout = lazy(() => import('./components/layout/admin-layout'))
const NotFoundPage = lazy(() => import('./pages/not-found/not-found-page'))

/** The page of each entry of the route table (shared/admin-routes.ts), each in its own chunk. */
const ADMIN_PAGE_COMPONENTS: Record<AdminPageId, LazyExoticComponent<ComponentType>> = {
  dashboard: lazy(() => import('./pages/dashboard/dashboard-page')),
  productos: lazy(() => import('./pages/productos/productos-page')),
  pedidos: lazy(() => import('./pages/pedidos/pedidos-page')),
  clientes: lazy(() => import('./pages/clientes/clientes-page')),
  usuarios: lazy(() => import('./pages/usuarios/usuarios-page')),
  'zonas-cobertura': lazy(() => import('./pages/zonas/zonas-page')),
  ingredientes: lazy(() => import('./pages/ingredientes/ingredientes-page')),
  categorias: lazy(() => import('./pages/categorias/categorias-page')),
  configuracion: lazy(() => import('./pages/configuracion/configuracion-page')),
  'api-keys': lazy(() => import('./pages/api-keys/api-keys-page')),
  'inicializar-bd': lazy(() => import('./pages/inicializar-bd/inicializar-bd-page')),
  'mi-perfil': lazy(() => import('./pages/mi-perfil/mi-perfil-page')),
}

export function App() {
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/setup-admin" element={<SetupAdminPage />} />
        <Route path="/admin" element={<RequireAuth />}>
          <Route element={<AdminLayout />}>
            {ADMIN_PAGES.map((page) => {
              const Page = ADMIN_PAGE_COMPONENTS[page.id]
              const path = childPath(page)
              return path ? <Route key={page.id} path={path} element={<Page />} /> : <Route key={page.id} index element={<Page />} />
            })}
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Route>
        <Route
          path="*"
          element={
            <main>
              <NotFoundPage />
            </main>
          }
        />
      </Routes>
    </Suspense>
  )
}
