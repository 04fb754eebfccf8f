import { Suspense, use, type ComponentType } from 'react'
import { Route, Routes } from 'react-router'
import { ADMIN_PAGES, PUBLIC_SPA_PAGES, childPath, type AdminPageId, type PublicSpaPageId } from '@/shared/admin-routes'
import { Loading } from './components/loading'
import { RequireAdmin, RequireAuth } from './components/require-auth'

type Module = { default: ComponentType }
/** A promise carrying the fields React's `use` reads to take a settled value without suspending. */
type Tracked = Promise<Module> & { status?: 'fulfilled' | 'rejected'; value?: Module; reason?: unknown }
type Screen = ComponentType & { preload: () => Promise<Module> }

/**
 * A screen in its own chunk, like React.lazy, plus `preload()`: main.tsx awaits the
 * screens of the address before the first render (the shell has already preloaded their
 * chunks), so they render at once. A lazy component that suspends on the first render
 * commits its Suspense fallback, and React then holds the fallback at least 300 ms
 * before revealing the page (decision 020). Not yet loaded (any later navigation), `use`
 * suspends exactly as React.lazy does.
 */
function screen(load: () => Promise<Module>): Screen {
  let loading: Tracked | undefined
  const preload = (): Promise<Module> => {
    if (!loading) {
      const promise: Tracked = load()
      promise.then(
        (value) => Object.assign(promise, { status: 'fulfilled', value }),
        (reason: unknown) => Object.assign(promise, { status: 'rejected', reason }),
      )
      loading = promise
    }
    return loading
  }
  function LoadedScreen() {
    const { default: Component } = use(preload())
    return <Component />
  }
  return Object.assign(LoadedScreen, { preload })
}

/**
 * Every screen, each in its own chunk, by the id the route table (shared/admin-routes.ts)
 * gives it; the layout around the /admin pages and the 404 page too. The client build lists
 * each one's chunks for the server's <link rel="modulepreload"> (scripts/build-client.ts,
 * ADMIN_SCREENS: keep the two in step).
 */
const SCREENS: Record<AdminPageId | PublicSpaPageId | 'layout' | 'not-found', Screen> = {
  login: screen(() => import('./pages/login/login-page')),
  'setup-admin': screen(() => import('./pages/setup-admin/setup-admin-page')),
  layout: screen(() => import('./components/layout/admin-layout')),
  'not-found': screen(() => import('./pages/not-found/not-found-page')),
  dashboard: screen(() => import('./pages/dashboard/dashboard-page')),
  productos: screen(() => import('./pages/productos/productos-page')),
  pedidos: screen(() => import('./pages/pedidos/pedidos-page')),
  reportes: screen(() => import('./pages/reportes/reportes-page')),
  clientes: screen(() => import('./pages/clientes/clientes-page')),
  suscriptores: screen(() => import('./pages/suscriptores/suscriptores-page')),
  promociones: screen(() => import('./pages/promociones/promociones-page')),
  cartel: screen(() => import('./pages/cartel/cartel-page')),
  mesas: screen(() => import('./pages/mesas/mesas-page')),
  usuarios: screen(() => import('./pages/usuarios/usuarios-page')),
  'zonas-cobertura': screen(() => import('./pages/zonas/zonas-page')),
  ingredientes: screen(() => import('./pages/ingredientes/ingredientes-page')),
  categorias: screen(() => import('./pages/categorias/categorias-page')),
  opciones: screen(() => import('./pages/opciones/opciones-page')),
  configuracion: screen(() => import('./pages/configuracion/configuracion-page')),
  'api-keys': screen(() => import('./pages/api-keys/api-keys-page')),
  'inicializar-bd': screen(() => import('./pages/inicializar-bd/inicializar-bd-page')),
  'mi-perfil': screen(() => import('./pages/mi-perfil/mi-perfil-page')),
}

/** Loads the screens `pathname` shows (the same choice the server makes for its preload links). */
export function preloadScreens(pathname: string): Promise<unknown> {
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname
  const publicPage = PUBLIC_SPA_PAGES.find((page) => page.path === path)
  if (publicPage) return SCREENS[publicPage.id].preload()
  const adminPage = ADMIN_PAGES.find((page) => page.path === path)
  if (adminPage) return Promise.all([SCREENS.layout.preload(), SCREENS[adminPage.id].preload()])
  if (path.startsWith('/admin/')) return Promise.all([SCREENS.layout.preload(), SCREENS['not-found'].preload()])
  return SCREENS['not-found'].preload()
}

const { login: LoginPage, 'setup-admin': SetupAdminPage, layout: AdminLayout, 'not-found': NotFoundPage } = SCREENS

export function App() {
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/setup-admin" element={<SetupAdminPage />} />
        <Route path="/admin" element={<RequireAuth />}>
          <Route element={<AdminLayout />}>
            {ADMIN_PAGES.map((page) => {
              const Page = SCREENS[page.id]
              const path = childPath(page)
              const element = page.staff ? <Page /> : <RequireAdmin><Page /></RequireAdmin>
              return path ? <Route key={page.id} path={path} element={element} /> : <Route key={page.id} index element={element} />
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
