import {
  CircleUser,
  Carrot,
  Database,
  KeyRound,
  LayoutDashboard,
  MapPin,
  Package,
  Settings,
  ShoppingCart,
  Tags,
  UserCog,
  Users,
  type LucideIcon,
} from 'lucide-react'

export type NavItem = { title: string; url: string; icon: LucideIcon }

/** The twelve sidebar entries, in spec order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { title: 'Dashboard', url: '/admin', icon: LayoutDashboard },
  { title: 'Productos', url: '/admin/productos', icon: Package },
  { title: 'Pedidos', url: '/admin/pedidos', icon: ShoppingCart },
  { title: 'Clientes', url: '/admin/clientes', icon: Users },
  { title: 'Usuarios', url: '/admin/usuarios', icon: UserCog },
  { title: 'Zonas de Cobertura', url: '/admin/zonas-cobertura', icon: MapPin },
  { title: 'Ingredientes', url: '/admin/ingredientes', icon: Carrot },
  { title: 'Categorías', url: '/admin/categorias', icon: Tags },
  { title: 'Configuración', url: '/admin/configuracion', icon: Settings },
  { title: 'API Keys', url: '/admin/api-keys', icon: KeyRound },
  { title: 'Inicializar BD', url: '/admin/inicializar-bd', icon: Database },
  { title: 'Mi Perfil', url: '/admin/mi-perfil', icon: CircleUser },
]
