import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import { loginInputSchema, type SessionUser } from '@/shared/schemas'
import { Button } from '@/web/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/ui/card'
import { Input } from '@/web/ui/input'
import { toast } from '@/web/ui/use-toast'
import { Field, invalidProps } from '../../components/field'
import { apiJson, serverMessage } from '../../lib/api'
import { USER_KEY } from '../../lib/query-keys'
import { useValidation } from '../../lib/use-validation'

const LOGIN_REDIRECT_DELAY = 100

export default function LoginPage() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const { errors, check } = useValidation(loginInputSchema, { username, password })

  useEffect(() => {
    document.title = 'Iniciar sesión · Chilaquiles'
  }, [])

  const login = useMutation({
    mutationFn: (body: { username: string; password: string }) => apiJson<SessionUser>('POST', '/api/auth/login', body),
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

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const data = check()
    if (data) login.mutate(data)
  }

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
          <form onSubmit={onSubmit} className="grid gap-4">
            <Field id="username" label="Usuario" error={errors.username}>
              <Input
                id="username"
                name="username"
                autoComplete="username"
                required
                value={username}
                onChange={(e) => setUsername(e.target.value)}
                {...invalidProps('username', errors.username)}
              />
            </Field>
            <Field id="password" label="Contraseña" error={errors.password}>
              <Input
                id="password"
                name="password"
                type="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                {...invalidProps('password', errors.password)}
              />
            </Field>
            <Button type="submit" className="w-full" disabled={login.isPending}>
              {login.isPending ? 'Iniciando sesión...' : 'Iniciar Sesión'}
            </Button>
          </form>
          <p className="mt-4 text-center text-sm text-muted-foreground">
            ¿Primera vez?{' '}
            <Link to="/setup-admin" className="font-semibold text-primary underline-offset-4 hover:underline">
              Configurar administrador
            </Link>
          </p>
        </CardContent>
      </Card>
    </main>
  )
}
