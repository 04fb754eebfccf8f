import { Trash2 } from 'lucide-react'
import { displayApiKey } from '@/shared/api-key'
import { formatDate, formatDateTime } from '@/shared/date-time'
import type { ApiKey } from '@/shared/schemas'
import { Badge } from '@/web/ui/badge'
import { Button } from '@/web/ui/button'
import { Card } from '@/web/ui/card'

export function ApiKeyCard({ apiKey, onDelete }: { apiKey: ApiKey; onDelete: () => void }) {
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 grid gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-bold">{apiKey.name}</h3>
          <Badge variant={apiKey.active ? 'success' : 'muted'}>{apiKey.active ? 'Activa' : 'Inactiva'}</Badge>
        </div>
        <code className="break-all font-mono text-sm text-muted-foreground">{displayApiKey(apiKey.key)}</code>
        <p className="text-xs text-muted-foreground">
          Creada: {formatDate(apiKey.createdAt)} · Último uso: {apiKey.lastUsedAt ? formatDateTime(apiKey.lastUsedAt) : 'Nunca'}
        </p>
      </div>
      <Button variant="outline" size="sm" onClick={onDelete} aria-label={`Eliminar ${apiKey.name}`} className="self-start text-destructive sm:self-center">
        <Trash2 aria-hidden="true" />
        Eliminar
      </Button>
    </Card>
  )
}
