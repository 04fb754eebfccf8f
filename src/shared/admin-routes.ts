/**
 * The admin SPA's routes, one table for the three places that need them: the
 * server (which paths answer the shell with 200, src/server/admin-spa), the
 * React router (src/web/admin/app.tsx) and the sidebar (its entries, in this
 * order). Icons are web-only: src/web/admin/components/layout/nav-items.ts maps
 * each id to one.
 */

/**
 * The sidebar's entries (SPEC 2, admin layout, plus Reportes after Pedidos), in order; all
 * need a session. `staff`: shown to 'Cocina / caja' accounts too (decision 025); the server
 * enforces the same split on every API route.
 */
export const ADMIN_PAGES = [
  { id: 'dashboard', path: '/admin', label: 'Dashboard', staff: true },
  { id: 'productos', path: '/admin/productos', label: 'Productos', staff: true },
  { id: 'pedidos', path: '/admin/pedidos', label: 'Pedidos', staff: true },
  { id: 'reportes', path: '/admin/reportes', label: 'Reportes', staff: false },
  { id: 'clientes', path: '/admin/clientes', label: 'Clientes', staff: false },
  { id: 'suscriptores', path: '/admin/suscriptores', label: 'Suscriptores', staff: false },
  { id: 'promociones', path: '/admin/promociones', label: 'Promociones', staff: false },
  { id: 'cartel', path: '/admin/cartel', label: 'Cartel con QR', staff: false },
  { id: 'mesas', path: '/admin/mesas', label: 'Mesas', staff: false },
  { id: 'usuarios', path: '/admin/usuarios', label: 'Usuarios', staff: false },
  { id: 'zonas-cobertura', path: '/admin/zonas-cobertura', label: 'Zonas de Cobertura', staff: false },
  { id: 'ingredientes', path: '/admin/ingredientes', label: 'Ingredientes', staff: false },
  { id: 'categorias', path: '/admin/categorias', label: 'Categorías', staff: false },
  { id: 'opciones', path: '/admin/opciones', label: 'Opciones', staff: false },
  { id: 'configuracion', path: '/admin/configuracion', label: 'Configuración', staff: false },
  { id: 'api-keys', path: '/admin/api-keys', label: 'API Keys', staff: false },
  { id: 'inicializar-bd', path: '/admin/inicializar-bd', label: 'Inicializar BD', staff: false },
  { id: 'mi-perfil', path: '/admin/mi-perfil', label: 'Mi Perfil', staff: true },
] as const

/** Whether an account of `role` may open the page (the sidebar hides the rest; the router refuses them). */
export const canOpen = (page: AdminPage, role: 'admin' | 'staff'): boolean => role === 'admin' || page.staff

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

/** The kitchen ticket of an order (served by the server, printed by the board). */
export const TICKET_ROUTE = '/admin/pedidos/:id/ticket'
export const ticketPath = (id: number): string => TICKET_ROUTE.replace(':id', String(id))

/** A table's bill as a ticket (issue #45): served by the server, printed by the board's bill dialog. */
export const BILL_TICKET_ROUTE = '/admin/mesas/:id/cuenta'
export const billTicketPath = (tableId: number): string => BILL_TICKET_ROUTE.replace(':id', String(tableId))
