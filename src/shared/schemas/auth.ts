import { z } from 'zod'

export const DEFAULT_ADMIN_USERNAME = 'admin'
export const DEFAULT_ADMIN_PASSWORD = 'admin123'
export const MIN_PASSWORD_LENGTH = 8

export const loginInputSchema = z.object({
  username: z.string({ error: 'El usuario es obligatorio' }).trim().min(1, 'El usuario es obligatorio').max(100, 'Máximo 100 caracteres'),
  password: z.string({ error: 'La contraseña es obligatoria' }).min(1, 'La contraseña es obligatoria').max(256, 'Máximo 256 caracteres'),
})
export type LoginInput = z.input<typeof loginInputSchema>

export const changePasswordInputSchema = z
  .object({
    currentPassword: z.string({ error: 'La contraseña actual es obligatoria' }).min(1, 'La contraseña actual es obligatoria').max(256),
    newPassword: z
      .string({ error: 'La nueva contraseña es obligatoria' })
      .min(MIN_PASSWORD_LENGTH, `La nueva contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres`)
      .max(256, 'Máximo 256 caracteres'),
  })
  .refine((v) => v.currentPassword !== v.newPassword, {
    path: ['newPassword'],
    message: 'La nueva contraseña debe ser distinta de la actual',
  })
export type ChangePasswordInput = z.input<typeof changePasswordInputSchema>

/** 'admin': everything; 'staff' ('Cocina / caja'): the board, 'Agotado', their own profile. */
export const ROLES = ['admin', 'staff'] as const
export type Role = (typeof ROLES)[number]
export const ROLE_LABELS: Record<Role, string> = { admin: 'Administrador', staff: 'Cocina / caja' }

/** The signed-in user as the API exposes it. */
export type SessionUser = {
  id: string
  username: string
  /** True while the account still uses the well-known initial password. */
  usesDefaultPassword: boolean
  role: Role
}

/** One of the signed-in account's sessions, as listed in Mi Perfil. */
export type ActiveSession = {
  id: string
  createdAt: string
  lastUsedAt: string
  /** The browser's User-Agent at sign-in ('' when none was sent). */
  userAgent: string
  /** True for the session of the request that asked. */
  current: boolean
}
