import { describe, expect, test } from 'bun:test'
import { ADMIN_PAGES, canOpen, childPath, PUBLIC_SPA_PAGES, SPA_PATHS } from './admin-routes'

describe('admin route table', () => {
  test('the sidebar entries of SPEC 2 (and Reportes after Pedidos), in order', () => {
    expect(ADMIN_PAGES.map((p) => `${p.label} ${p.path}`)).toEqual([
      'Dashboard /admin',
      'Productos /admin/productos',
      'Pedidos /admin/pedidos',
      'Reportes /admin/reportes',
      'Clientes /admin/clientes',
      'Suscriptores /admin/suscriptores',
      'Promociones /admin/promociones',
      'Cartel con QR /admin/cartel',
      'Mesas /admin/mesas',
      'Usuarios /admin/usuarios',
      'Zonas de Cobertura /admin/zonas-cobertura',
      'Ingredientes /admin/ingredientes',
      'Categorías /admin/categorias',
      'Opciones /admin/opciones',
      'Configuración /admin/configuracion',
      'API Keys /admin/api-keys',
      'Inicializar BD /admin/inicializar-bd',
      'Mi Perfil /admin/mi-perfil',
    ])
  })

  test('ids and paths are unique; every path the SPA serves is listed once', () => {
    const all = [...PUBLIC_SPA_PAGES, ...ADMIN_PAGES]
    expect(new Set(all.map((p) => p.id)).size).toBe(all.length)
    expect(new Set(SPA_PATHS).size).toBe(all.length)
    expect(SPA_PATHS).toContain('/login')
    expect(SPA_PATHS).toContain('/setup-admin')
  })

  test("'Cocina / caja' accounts open Dashboard, Productos, Pedidos and Mi Perfil only: never Opciones (issue #32)", () => {
    expect(ADMIN_PAGES.filter((p) => canOpen(p, 'staff')).map((p) => p.id)).toEqual(['dashboard', 'productos', 'pedidos', 'mi-perfil'])
    const opciones = ADMIN_PAGES.find((p) => p.id === 'opciones')
    expect(opciones && [canOpen(opciones, 'admin'), canOpen(opciones, 'staff')]).toEqual([true, false])
  })

  test('router paths below /admin', () => {
    expect(ADMIN_PAGES.map(childPath).slice(0, 3)).toEqual(['', 'productos', 'pedidos'])
    for (const page of ADMIN_PAGES) expect<string>(page.path).toBe(childPath(page) ? `/admin/${childPath(page)}` : '/admin')
  })
})
