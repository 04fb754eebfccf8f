import { TriangleAlert } from 'lucide-react'
import type { ReactNode } from 'react'
import { Alert, AlertDescription, AlertTitle } from '@/web/ui/alert'
import { Button } from '@/web/ui/button'

/** Error state for a failed read, with a retry button. */
export function QueryError({ title = 'No se pudieron cargar los datos', error, onRetry }: { title?: string; error: unknown; onRetry?: () => void }) {
  return (
    <Alert variant="destructive">
      <TriangleAlert aria-hidden="true" />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        <p>{error instanceof Error ? error.message : 'Error de conexión'}</p>
        {onRetry ? (
          <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
            Reintentar
          </Button>
        ) : null}
      </AlertDescription>
    </Alert>
  )
}

/** Empty list state. */
export function EmptyState({ children, icon }: { children: ReactNode; icon?: ReactNode }) {
  return (
    <div className="flex flex-col items-center justify-center gap-2 rounded-xl border border-dashed border-input bg-card/60 p-10 text-center text-muted-foreground">
      {icon}
      <p>{children}</p>
    </div>
  )
}
