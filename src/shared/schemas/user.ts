import { z } from 'zod'
import { MIN_PASSWORD_LENGTH, ROLES, type Role } from './auth'

const password = () =>
  z
    .string({ error: 'La contraseña es obligatoria' })
    .min(MIN_PASSWORD_LENGTH, `La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres`)
    .max(256, 'Máximo 256 caracteres')
const role = () => z.enum(ROLES, { error: 'Rol inválido: Administrador o Cocina / caja' })

/** POST /api/admin/users: a staff account (Usuarios). */
export const userInputSchema = z.object({
  username: z
    .string({ error: 'El usuario es obligatorio' })
    .trim()
    .min(3, 'El usuario debe tener al menos 3 caracteres')
    .max(40, 'Máximo 40 caracteres')
    .regex(/^[A-Za-z0-9._-]+$/, 'Solo letras sin acentos, números, punto, guion y guion bajo'),
  password: password(),
  role: role().default('staff'),
  active: z.boolean({ error: 'Debe ser sí o no' }).default(true),
})
export type UserInput = z.input<typeof userInputSchema>

/** PATCH /api/admin/users/:id: change the role, disable or enable, or reset the password. */
export const userUpdateSchema = z
  .object({ role: role().optional(), active: z.boolean({ error: 'Debe ser sí o no' }).optional(), password: password().optional() })
  .refine((u) => u.role !== undefined || u.active !== undefined || u.password !== undefined, { message: 'Nada que cambiar' })
export type UserUpdate = z.output<typeof userUpdateSchema>

export const userIdParam = z.object({ id: z.string().uuid('Usuario no encontrado') })

/** A staff account as Usuarios lists it (never its password hash). */
export type StaffUser = { id: string; username: string; role: Role; active: boolean; usesDefaultPassword: boolean; createdAt: string }
