import {
  BadgePercent,
  BarChart3,
  CircleUser,
  Carrot,
  Database,
  KeyRound,
  LayoutDashboard,
  ListChecks,
  Mail,
  MapPin,
  Package,
  QrCode,
  Settings,
  ShoppingCart,
  Tags,
  UserCog,
  Users,
  type LucideIcon,
  UtensilsCrossed,
} from 'lucide-react'
import { ADMIN_PAGES, type AdminPage, type AdminPageId } from '@/shared/admin-routes'

/** The sidebar's icon for each page of the route table (the table itself is shared with the server). */
const ICONS: Record<AdminPageId, LucideIcon> = {
  dashboard: LayoutDashboard,
  productos: Package,
  pedidos: ShoppingCart,
  reportes: BarChart3,
  clientes: Users,
  suscriptores: Mail,
  promociones: BadgePercent,
  cartel: QrCode,
  mesas: UtensilsCrossed,
  usuarios: UserCog,
  'zonas-cobertura': MapPin,
  ingredientes: Carrot,
  categorias: Tags,
  opciones: ListChecks,
  configuracion: Settings,
  'api-keys': KeyRound,
  'inicializar-bd': Database,
  'mi-perfil': CircleUser,
}

type NavItem = { page: AdminPage; icon: LucideIcon }

/** The sidebar entries, in the table's (spec) order. */
export const NAV_ITEMS: readonly NavItem[] = ADMIN_PAGES.map((page) => ({ page, icon: ICONS[page.id] }))
