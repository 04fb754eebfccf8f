import { ROLE_LABELS, ROLES, type UserInput, userInputSchema } from '@/shared/schemas'
import { SelectField, SwitchField, TextField } from '../../components/form/fields'
import { Form } from '../../components/form/form'
import { DialogFormFooter } from '../../components/form/resource-dialog'
import { useSchemaForm } from '../../components/form/use-schema-form'

/** A new staff account: username, password, role, active (the shared userInputSchema's rules). */
export function UserForm({ saving, onSubmit }: { saving: boolean; onSubmit: (data: Required<Pick<UserInput, 'username' | 'password'>> & { role: 'admin' | 'staff'; active: boolean }) => void }) {
  const form = useSchemaForm(userInputSchema, { username: '', password: '', role: 'staff' as 'admin' | 'staff', active: true })
  const { control } = form
  return (
    <Form form={form} onSubmit={onSubmit}>
      <TextField control={control} name="username" id="user-username" label="Usuario" autoComplete="off" placeholder="cocina" />
      <TextField control={control} name="password" id="user-password" label="Contraseña" type="password" autoComplete="new-password" hint="Al menos 8 caracteres." />
      <SelectField control={control} name="role" id="user-role" label="Rol" options={ROLES} labels={ROLE_LABELS} hint="Cocina / caja: Dashboard, Pedidos, marcar productos agotados y su perfil." />
      <SwitchField control={control} name="active" id="user-active" on="Activo" off="Desactivado" />
      <DialogFormFooter saving={saving} editing={false} />
    </Form>
  )
}
