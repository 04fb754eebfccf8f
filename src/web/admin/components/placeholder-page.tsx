import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/ui/card'
import { PageHeader } from './page-header'
import { StatCard } from './stat-card'

type Props = {
  title: string
  description: string
  /** Three counters, each showing the same fixed `value`. */
  counters: { title: string; icon: LucideIcon }[]
  value: number
  /** The card under the counters. */
  cardTitle: string
  cardDescription?: string
  children: ReactNode
}

/** A page with no data of its own yet (Clientes, Usuarios): fixed counters and one card. */
export function PlaceholderPage({ title, description, counters, value, cardTitle, cardDescription, children }: Props) {
  return (
    <div>
      <PageHeader title={title} description={description} />
      <div className="grid gap-4 sm:grid-cols-3">
        {counters.map((counter) => (
          <StatCard key={counter.title} {...counter} value={value} />
        ))}
      </div>
      <Card className="mt-6">
        <CardHeader>
          <CardTitle as="h2">{cardTitle}</CardTitle>
          {cardDescription ? <CardDescription>{cardDescription}</CardDescription> : null}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </div>
  )
}
