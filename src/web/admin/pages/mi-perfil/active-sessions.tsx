import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { MonitorSmartphone } from 'lucide-react'
import { formatDateTime } from '@/shared/date-time'
import { Badge } from '@/web/ui/badge'
import { Button } from '@/web/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/ui/card'
import { toast } from '@/web/ui/use-toast'
import { QueryError } from '../../components/query-state'
import { api, call, serverMessage } from '../../lib/api'
import { SESSIONS_KEY, sessionsQuery } from '../../lib/query-keys'
import { describeBrowser } from '../../lib/user-agent'


/** The account's live sessions (GET /api/auth/sessions) and 'Cerrar las demás sesiones'. */
export function ActiveSessions() {
  const queryClient = useQueryClient()
  const sessions = useQuery(sessionsQuery())
  const closeOthers = useMutation({
    mutationFn: () => call(api.auth.sessions.others.delete()),
    onSuccess: async ({ message }) => {
      toast({ title: 'Sesiones cerradas', description: message })
      await queryClient.invalidateQueries({ queryKey: SESSIONS_KEY })
    },
    onError: (error) => toast({ title: 'Error', description: serverMessage(error, 'No se pudieron cerrar las sesiones'), variant: 'destructive' }),
  })
  const others = (sessions.data ?? []).filter((s) => !s.current).length

  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle as="h2">Sesiones activas</CardTitle>
        <CardDescription>Dispositivos donde tu cuenta tiene la sesión abierta. Cada sesión dura 7 días.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {sessions.isPending && (
          <p role="status" className="text-sm text-muted-foreground">
            Cargando sesiones...
          </p>
        )}
        {sessions.isError && <QueryError title="No se pudieron cargar las sesiones" error={sessions.error} onRetry={() => void sessions.refetch()} />}
        {sessions.data && (
          <ul className="grid gap-3" aria-label="Sesiones activas">
            {sessions.data.map((s) => (
              <li key={s.id} className="flex items-start gap-3 rounded-md border border-border p-3">
                <MonitorSmartphone aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
                <div className="grid min-w-0 gap-0.5 text-sm">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    {describeBrowser(s.userAgent)}
                    {s.current && <Badge variant="success">Esta sesión</Badge>}
                  </p>
                  <p className="text-muted-foreground">Iniciada: {formatDateTime(s.createdAt)}</p>
                  <p className="text-muted-foreground">Último uso: {formatDateTime(s.lastUsedAt)}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
        <div>
          <Button variant="outline" disabled={others === 0 || closeOthers.isPending} onClick={() => closeOthers.mutate()}>
            {closeOthers.isPending ? 'Cerrando...' : 'Cerrar las demás sesiones'}
          </Button>
        </div>
      </CardContent>
    </Card>
  )
}
