import { Clock } from 'lucide-react'
import { formatQ } from '@/shared/money'
import type { CoverageZone } from '@/shared/schemas'
import { Badge } from '@/web/ui/badge'
import { Card, CardContent, CardHeader, CardTitle } from '@/web/ui/card'
import { EditDeleteActions } from '../../components/edit-delete-actions'

type Props = { zone: CoverageZone; deleting: boolean; onEdit: () => void; onDelete: () => void }

export function ZoneCard({ zone, deleting, onEdit, onDelete }: Props) {
  return (
    <Card className="flex h-full flex-col">
      <CardHeader className="flex-row items-start justify-between gap-2">
        <CardTitle as="h2" className="text-base">
          {zone.name}
        </CardTitle>
        <Badge variant={zone.available ? 'success' : 'muted'}>{zone.available ? 'Activa' : 'Inactiva'}</Badge>
      </CardHeader>
      <CardContent className="grid gap-1 text-sm">
        <p>
          <span className="text-muted-foreground">Costo de envío: </span>
          <strong>{formatQ(zone.deliveryCost)}</strong>
        </p>
        <p>
          <span className="text-muted-foreground">Pedido mínimo: </span>
          <strong>{zone.minimumOrder === null ? 'Sin mínimo' : formatQ(zone.minimumOrder)}</strong>
        </p>
        {zone.estimatedTime ? (
          <p className="flex items-center gap-1">
            <Clock aria-hidden="true" className="size-3.5 text-muted-foreground" />
            <span className="text-muted-foreground">Tiempo estimado: </span>
            {zone.estimatedTime}
          </p>
        ) : null}
      </CardContent>
      <EditDeleteActions name={zone.name} onEdit={onEdit} onDelete={onDelete} deleting={deleting} className="p-5 pt-0" />
    </Card>
  )
}
