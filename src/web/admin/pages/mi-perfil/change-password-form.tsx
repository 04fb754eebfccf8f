import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { changePasswordInputSchema, MIN_PASSWORD_LENGTH, type SessionUser } from '@/shared/schemas'
import { Button } from '@/web/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/ui/card'
import { Input } from '@/web/ui/input'
import { toast } from '@/web/ui/use-toast'
import { Field, invalidProps } from '../../components/field'
import { apiRequest, serverMessage } from '../../lib/api'
import { USER_KEY } from '../../lib/query-keys'
import { useValidation } from '../../lib/use-validation'

/** Current + new password (min 8) via PUT /api/auth/password. */
export function ChangePasswordForm() {
  const queryClient = useQueryClient()
  const [currentPassword, setCurrent] = useState('')
  const [newPassword, setNew] = useState('')
  const { errors, check, reset } = useValidation(changePasswordInputSchema, { currentPassword, newPassword })

  const change = useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) => apiRequest('PUT', '/api/auth/password', body),
    onSuccess: () => {
      setCurrent('')
      setNew('')
      reset()
      queryClient.setQueryData<SessionUser | null>(USER_KEY, (u) => (u ? { ...u, usesDefaultPassword: false } : u))
      toast({ title: 'Contraseña actualizada', description: 'Tu contraseña se cambió correctamente' })
    },
    onError: (error) =>
      toast({ title: 'Error', description: serverMessage(error, 'No se pudo cambiar la contraseña'), variant: 'destructive' }),
  })

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const data = check()
    if (data) change.mutate(data)
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Cambiar contraseña</CardTitle>
        <CardDescription>La nueva contraseña debe tener al menos {MIN_PASSWORD_LENGTH} caracteres.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <Field id="current-password" label="Contraseña actual" error={errors.currentPassword}>
            <Input
              id="current-password"
              type="password"
              autoComplete="current-password"
              value={currentPassword}
              onChange={(e) => setCurrent(e.target.value)}
              {...invalidProps('current-password', errors.currentPassword)}
            />
          </Field>
          <Field id="new-password" label="Nueva contraseña" error={errors.newPassword}>
            <Input
              id="new-password"
              type="password"
              autoComplete="new-password"
              value={newPassword}
              onChange={(e) => setNew(e.target.value)}
              {...invalidProps('new-password', errors.newPassword)}
            />
          </Field>
          <Button type="submit" disabled={change.isPending} className="w-full sm:w-fit">
            {change.isPending ? 'Guardando...' : 'Cambiar contraseña'}
          </Button>
        </form>
      </CardContent>
    </Card>
  )
}
