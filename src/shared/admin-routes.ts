/**
 * The admin SPA's routes, one table for the three places that need them: the
 * server (which paths answer the shell with 200, src/server/admin-spa), the
 * React router (src/web/admin/app.tsx) and the sidebar (its entries, in this
 * order). Icons are web-only: src/web/admin/components/layout/nav-items.ts maps
 * each id to one.
 */

/** The sidebar's entries (SPEC 2, admin layout), in order; all need a session. */
export const ADMIN_PAGES = [
  { id: 'dashboard', path: '/admin', label: 'Dashboard' },
  { id: 'productos', path: '/admin/productos', label: 'Productos' },
  { id: 'pedidos', path: '/admin/pedidos', label: 'Pedidos' },
  { id: 'clientes', path: '/admin/clientes', label: 'Clientes' },
  { id: 'usuarios', path: '/admin/usuarios', label: 'Usuarios' },
  { id: 'zonas-cobertura', path: '/admin/zonas-cobertura', label: 'Zonas de Cobertura' },
  { id: 'ingredientes', path: '/admin/ingredientes', label: 'Ingredientes' },
  { id: 'categorias', path: '/admin/categorias', label: 'Categorías' },
  { id: 'configuracion', path: '/admin/configuracion', label: 'Configuración' },
  { id: 'api-keys', path: '/admin/api-keys', label: 'API Keys' },
  { id: 'inicializar-bd', path: '/admin/inicializar-bd', label: 'Inicializar BD' },
  { id: 'mi-perfil', path: '/admin/mi-perfil', label: 'Mi Perfil' },
] as const

export type AdminPage = (typeof ADMIN_PAGES)[number]
export type AdminPageId = AdminPage['id']

/** The SPA's public screens (no session, not in the sidebar). */
export const PUBLIC_SPA_PAGES = [
  { id: 'login', path: '/login' },
  { id: 'setup-admin', path: '/setup-admin' },
] as const

export type PublicSpaPageId = (typeof PUBLIC_SPA_PAGES)[number]['id']

/** Every path the SPA shows a page for; anything else is its 404 page. */
export const SPA_PATHS: readonly string[] = [...PUBLIC_SPA_PAGES, ...ADMIN_PAGES].map((page) => page.path)

/** The router's path of an admin page below /admin ('' for the dashboard, the index route). */
export const childPath = (page: AdminPage): string => page.path.replace(/^\/admin\/?/, '')
