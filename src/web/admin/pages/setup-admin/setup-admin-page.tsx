import { useMutation } from '@tanstack/react-query'
import { CircleCheck, TriangleAlert, Wrench } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { DEFAULT_ADMIN_PASSWORD, DEFAULT_ADMIN_USERNAME } from '@/shared/schemas'
import { Alert, AlertDescription, AlertTitle } from '@/web/ui/alert'
import { Button } from '@/web/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/ui/card'
import { toast } from '@/web/ui/use-toast'
import { api, call, serverMessage } from '../../lib/api'
import { useRestaurantTitle } from '../../lib/use-store-profile'

const SETUP_REDIRECT_DELAY = 2000

export default function SetupAdminPage() {
  const navigate = useNavigate()
  const [needsRepair, setNeedsRepair] = useState(false)

  useRestaurantTitle('Configurar administrador')

  // Success is said once, in the card (no toast besides it), then the page goes to /login.
  const create = useMutation({
    mutationFn: () => call(api.auth['create-initial-admin'].post()),
    onError: (error) => {
      const message = serverMessage(error, 'Error al crear el usuario admin')
      if (message.includes('already exists') || (error instanceof Error && error.message.includes('already exists'))) setNeedsRepair(true)
      toast({ title: 'Error', description: message, variant: 'destructive' })
    },
  })

  // The redirect belongs to the page, not to the request: leaving earlier cancels it.
  const created = create.isSuccess
  useEffect(() => {
    if (!created) return
    const timer = setTimeout(() => navigate('/login'), SETUP_REDIRECT_DELAY)
    return () => clearTimeout(timer)
  }, [created, navigate])

  const repair = useMutation({
    mutationFn: () => call(api.auth['reset-admin'].post()),
    onSuccess: () => {
      setNeedsRepair(false)
      toast({ title: 'Éxito', description: '¡Admin arreglado! Ahora puedes iniciar sesión.' })
    },
    onError: () => toast({ title: 'Error', description: 'Error al arreglar el usuario admin', variant: 'destructive' }),
  })

  return (
    <main className="flex min-h-svh items-center justify-center bg-background p-4">
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <CardTitle as="h1" className="font-display text-2xl">
            Configuración Inicial
          </CardTitle>
          <CardDescription>Crea el usuario administrador del panel</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="rounded-lg bg-muted p-4 text-sm">
            <p>
              Se creará el usuario <strong>{DEFAULT_ADMIN_USERNAME}</strong> con la contraseña inicial{' '}
              <strong>{DEFAULT_ADMIN_PASSWORD}</strong>.
            </p>
            <p className="mt-2 text-muted-foreground">Podrás cambiar la contraseña después de iniciar sesión por primera vez (Mi Perfil).</p>
          </div>
          <Button onClick={() => create.mutate()} disabled={create.isPending || create.isSuccess} className="w-full">
            {create.isPending ? 'Creando usuario admin...' : create.isSuccess ? 'Redirigiendo...' : 'Crear Usuario Admin'}
          </Button>
          {create.isSuccess ? (
            <Alert variant="success" role="status">
              <CircleCheck aria-hidden="true" />
              <AlertTitle>Usuario admin creado</AlertTitle>
              <AlertDescription>Te llevamos al inicio de sesión en 2 segundos.</AlertDescription>
            </Alert>
          ) : null}
          {needsRepair ? (
            <div className="grid gap-3">
              <Alert variant="warning">
                <TriangleAlert aria-hidden="true" />
                <AlertTitle>El usuario admin ya existe</AlertTitle>
                <AlertDescription>
                  Si el usuario admin fue creado con un problema y no puedes iniciar sesión, puedes arreglarlo.
                </AlertDescription>
              </Alert>
              <Button variant="secondary" onClick={() => repair.mutate()} disabled={repair.isPending} className="w-full">
                <Wrench aria-hidden="true" />
                {repair.isPending ? 'Arreglando...' : 'Arreglar Usuario Admin'}
              </Button>
            </div>
          ) : null}
          <p className="text-center text-sm">
            <Link to="/login" className="font-semibold text-primary underline-offset-4 hover:underline">
              Volver al inicio de sesión
            </Link>
          </p>
        </CardContent>
      </Card>
    </main>
  )
}
