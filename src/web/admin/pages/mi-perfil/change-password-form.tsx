import { useMutation, useQueryClient } from '@tanstack/react-query'
import { changePasswordInputSchema, MIN_PASSWORD_LENGTH, type SessionUser } from '@/shared/schemas'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/ui/card'
import { toast } from '@/web/ui/use-toast'
import { TextField } from '../../components/form/fields'
import { Form } from '../../components/form/form'
import { useSchemaForm } from '../../components/form/use-schema-form'
import { api, call, serverMessage } from '../../lib/api'
import { USER_KEY } from '../../lib/query-keys'
import { SaveButton } from '../../components/form/save-button'

/** Current + new password (min 8) via PUT /api/auth/password. */
export function ChangePasswordForm() {
  const queryClient = useQueryClient()
  const form = useSchemaForm(changePasswordInputSchema, { currentPassword: '', newPassword: '' })
  const { control } = form

  const change = useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) => call(api.auth.password.put(body)),
    onSuccess: () => {
      form.reset()
      queryClient.setQueryData<SessionUser | null>(USER_KEY, (u) => (u ? { ...u, usesDefaultPassword: false } : u))
      toast({ title: 'Contraseña actualizada', description: 'Tu contraseña se cambió correctamente' })
    },
    onError: (error) =>
      toast({ title: 'Error', description: serverMessage(error, 'No se pudo cambiar la contraseña'), variant: 'destructive' }),
  })

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Cambiar contraseña</CardTitle>
        <CardDescription>La nueva contraseña debe tener al menos {MIN_PASSWORD_LENGTH} caracteres.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form form={form} onSubmit={(data) => change.mutate(data)}>
          <TextField control={control} name="currentPassword" id="current-password" label="Contraseña actual" type="password" autoComplete="current-password" />
          <TextField control={control} name="newPassword" id="new-password" label="Nueva contraseña" type="password" autoComplete="new-password" />
          <SaveButton saving={change.isPending}>Cambiar contraseña</SaveButton>
        </Form>
      </CardContent>
    </Card>
  )
}
