import { lazy, Suspense } from 'react'
import { Route, Routes } from 'react-router'
import { Loading } from './components/loading'
import { RequireAuth } from './components/require-auth'

const LoginPage = lazy(() => import('./pages/login/login-page'))
const SetupAdminPage = lazy(() => import('./pages/setup-admin/setup-admin-page'))
const AdminLayout = lazy(() => import('./components/layout/admin-layout'))
const DashboardPage = lazy(() => import('./pages/dashboard/dashboard-page'))
const ProductosPage = lazy(() => import('./pages/productos/productos-page'))
const PedidosPage = lazy(() => import('./pages/pedidos/pedidos-page'))
const ClientesPage = lazy(() => import('./pages/clientes/clientes-page'))
const UsuariosPage = lazy(() => import('./pages/usuarios/usuarios-page'))
const ZonasPage = lazy(() => import('./pages/zonas/zonas-page'))
const IngredientesPage = lazy(() => import('./pages/ingredientes/ingredientes-page'))
const CategoriasPage = lazy(() => import('./pages/categorias/categorias-page'))
const ConfiguracionPage = lazy(() => import('./pages/configuracion/configuracion-page'))
const ApiKeysPage = lazy(() => import('./pages/api-keys/api-keys-page'))
const InicializarBdPage = lazy(() => import('./pages/inicializar-bd/inicializar-bd-page'))
const MiPerfilPage = lazy(() => import('./pages/mi-perfil/mi-perfil-page'))
const NotFoundPage = lazy(() => import('./pages/not-found/not-found-page'))

export function App() {
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/setup-admin" element={<SetupAdminPage />} />
        <Route path="/admin" element={<RequireAuth />}>
          <Route element={<AdminLayout />}>
            <Route index element={<DashboardPage />} />
            <Route path="productos" element={<ProductosPage />} />
            <Route path="pedidos" element={<PedidosPage />} />
            <Route path="clientes" element={<ClientesPage />} />
            <Route path="usuarios" element={<UsuariosPage />} />
            <Route path="zonas-cobertura" element={<ZonasPage />} />
            <Route path="ingredientes" element={<IngredientesPage />} />
            <Route path="categorias" element={<CategoriasPage />} />
            <Route path="configuracion" element={<ConfiguracionPage />} />
            <Route path="api-keys" element={<ApiKeysPage />} />
            <Route path="inicializar-bd" element={<InicializarBdPage />} />
            <Route path="mi-perfil" element={<MiPerfilPage />} />
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
