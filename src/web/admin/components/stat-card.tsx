import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Card, CardContent, CardHeader, CardTitle } from '@/web/ui/card'

/** A counter card: label, big value, optional icon and note; its title an h2 unless the cards sit under a heading of their own (`as="h3"`). */
export function StatCard({ title, value, icon: Icon, note, as = 'h2' }: { title: string; value: ReactNode; icon?: LucideIcon; note?: ReactNode; as?: 'h2' | 'h3' }) {
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2 pb-2">
        <CardTitle as={as} className="text-sm font-semibold text-muted-foreground">
          {title}
        </CardTitle>
        {Icon ? <Icon aria-hidden="true" className="size-4 text-primary" /> : null}
      </CardHeader>
      <CardContent>
        <p className="text-2xl font-bold text-foreground">{value}</p>
        {note ? <p className="mt-1 text-xs text-muted-foreground">{note}</p> : null}
      </CardContent>
    </Card>
  )
}
