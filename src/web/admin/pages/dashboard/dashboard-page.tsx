import { useQuery } from '@tanstack/react-query'
import { Package, ShoppingCart, TrendingUp, TriangleAlert } from 'lucide-react'
import { formatQ } from '@/shared/money'
import { confirmedTotals } from '@/shared/reports'
import type { Product } from '@/shared/schemas'
import { Alert, AlertDescription, AlertTitle } from '@/web/ui/alert'
import { PageHeader } from '../../components/page-header'
import { StatCard } from '../../components/stat-card'
import { useCurrentUser } from '../../lib/auth'
import { productsQuery } from '../../lib/query-keys'
import { ChangePasswordForm } from '../mi-perfil/change-password-form'
import { useOrderSummary, useRecentOrders } from '../pedidos/order-queries'
import { useOrderEvents } from '../pedidos/use-live-orders'
import { presetRange } from '../reportes/report-range'
import { useSalesReport } from '../reportes/use-sales-report'
import { ProductsByCategory } from './products-by-category'
import { RECENT_ORDERS, RecentOrders } from './recent-orders'

const orderCount = (n: number) => `${n} ${n === 1 ? 'pedido' : 'pedidos'}`

/**
 * 'Ventas de Hoy' (administrators: the reports are theirs), from the same report the Reportes
 * page reads and counted the same way: confirmed sales, what still waits said apart.
 */
function TodaySales() {
  const today = presetRange('hoy')
  const report = useSalesReport(today, 'day')
  const totals = report.data?.totals
  const sold = totals ? confirmedTotals(totals) : undefined
  const waiting = totals && totals.pending.orders > 0 ? ` · ${formatQ(totals.pending.revenue)} por confirmar` : ''
  return (
    <StatCard
      title="Ventas de Hoy"
      value={report.isPending ? '…' : sold ? formatQ(sold.revenue) : '—'}
      icon={TrendingUp}
      note={sold ? `${orderCount(sold.orders)}${waiting}` : undefined}
    />
  )
}

export default function DashboardPage() {
  const { user } = useCurrentUser()
  const products = useQuery(productsQuery())
  // Counted by the server, and only the newest few read; the Pedidos board's events keep both live.
  const summary = useOrderSummary()
  const recent = useRecentOrders(RECENT_ORDERS)
  useOrderEvents()

  // Text: the value sits in a <p>, where a Skeleton's <div> may not go.
  const shown = (q: { isLoading: boolean; isError: boolean }, value: number | undefined) => (q.isLoading ? '…' : q.isError ? '—' : (value ?? 0))

  return (
    <div>
      <PageHeader title="Dashboard" description={user ? `Bienvenido, ${user.username}` : undefined} />
      {user?.usesDefaultPassword ? (
        // The first screen after signing in with the initial password is its change: until
        // then the server refuses every other change from outside this machine (decision 029).
        <section aria-labelledby="initial-password" className="mb-6 grid gap-4 lg:grid-cols-2">
          <Alert variant="warning" className="self-start">
            <TriangleAlert aria-hidden="true" />
            <AlertTitle id="initial-password">Estás usando la contraseña inicial</AlertTitle>
            <AlertDescription>
              <p>Por seguridad, cambia la contraseña del administrador ahora. Hasta entonces puedes consultar el panel, pero no guardar cambios.</p>
            </AlertDescription>
          </Alert>
          <ChangePasswordForm />
        </section>
      ) : null}
      <div className={user?.role === 'admin' ? 'grid gap-4 sm:grid-cols-3' : 'grid gap-4 sm:grid-cols-2'}>
        <StatCard title="Total Productos" value={shown(products, products.data?.length)} icon={Package} />
        <StatCard title="Pedidos Totales" value={shown(summary, summary.data?.total)} icon={ShoppingCart} />
        {user?.role === 'admin' ? <TodaySales /> : null}
      </div>
      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <ProductsByCategory query={products} />
        <RecentOrders query={recent} />
      </div>
    </div>
  )
}
