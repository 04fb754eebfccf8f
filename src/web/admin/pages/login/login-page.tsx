import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from 'react-router'
import { loginInputSchema } from '@/shared/schemas'
import { Button } from '@/web/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/ui/card'
import { toast } from '@/web/ui/use-toast'
import { LabelledInput } from '../../components/form/labelled-input'
import { useLightForm } from '../../components/form/use-light-form'
import { api, call, serverMessage } from '../../lib/api'
import { USER_KEY } from '../../lib/query-keys'
import { useRestaurantTitle } from '../../lib/use-store-profile'

const LOGIN_REDIRECT_DELAY = 100

export default function LoginPage() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  // Not react-hook-form: it would add 17 KB (brotli) to the first screen (use-light-form.ts).
  const form = useLightForm(loginInputSchema, { username: '', password: '' })

  useRestaurantTitle('Iniciar sesión')

  const login = useMutation({
    mutationFn: (body: { username: string; password: string }) => call(api.auth.login.post(body)),
    onSuccess: (user) => {
      queryClient.setQueryData(USER_KEY, user)
      toast({ title: 'Inicio de sesión exitoso', description: 'Bienvenido al panel de administración' })
      setTimeout(() => navigate('/admin'), LOGIN_REDIRECT_DELAY)
    },
    onError: (error) => {
      toast({
        title: 'Error de inicio de sesión',
        description: serverMessage(error, 'Usuario o contraseña incorrectos'),
        variant: 'destructive',
      })
    },
  })

  return (
    <main className="flex min-h-svh items-center justify-center bg-background p-4">
      <Card className="w-full max-w-sm">
        <CardHeader className="text-center">
          <CardTitle as="h1" className="font-display text-2xl">
            Panel de Administración
          </CardTitle>
          <CardDescription>Ingresa tus credenciales para continuar</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={form.handleSubmit((data) => login.mutate(data))} className="grid gap-4">
            <LabelledInput {...form.field('username')} id="username" label="Usuario" autoComplete="username" required />
            <LabelledInput {...form.field('password')} id="password" label="Contraseña" type="password" autoComplete="current-password" required />
            <Button type="submit" className="w-full" disabled={login.isPending}>
              {login.isPending ? 'Iniciando sesión...' : 'Iniciar Sesión'}
            </Button>
          </form>
          <p className="mt-4 text-center text-sm text-muted-foreground">
            ¿Primera vez?{' '}
            <Link to="/setup-admin" className="inline-flex min-h-11 items-center font-semibold text-primary underline-offset-4 hover:underline">
              Configurar administrador
            </Link>
          </p>
        </CardContent>
      </Card>
    </main>
  )
}
