import type { ApiErrorBody } from '../../shared/schemas'

/** An error meant for the client: its status and Spanish message are sent as-is. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly issues?: ApiErrorBody['issues'],
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }
}

export const notFound = (message = 'No encontrado') => new HttpError(404, message)

/** 429 with Retry-After (seconds). */
export const tooManyAttempts = (retryAfterSeconds: number) =>
  new HttpError(429, `Demasiados intentos. Intenta de nuevo en ${Math.ceil(retryAfterSeconds / 60)} minuto(s).`, undefined, {
    'retry-after': String(retryAfterSeconds),
  })

export function jsonError(status: number, message: string, issues?: ApiErrorBody['issues'], headers: Record<string, string> = {}): Response {
  const body: ApiErrorBody = issues ? { message, issues } : { message }
  return Response.json(body, {
    status,
    headers: { 'cache-control': 'no-store', ...headers },
  })
}

/** Standard messages, in one place. */
export const MESSAGES = {
  unauthenticated: 'Debes iniciar sesión para realizar esta acción',
  badOrigin: 'Solicitud rechazada: origen no permitido',
  keyScope: 'Esta API key no tiene acceso a este recurso',
  staffScope: 'Tu cuenta (Cocina / caja) no tiene permiso para esta acción; pídesela a un administrador',
  initialPassword: 'Cambia la contraseña inicial antes de continuar',
  badKey: 'API key inválida o desactivada',
  invalidData: 'Datos inválidos',
  badJson: 'El cuerpo de la solicitud no es JSON válido',
  badHost: 'Solicitud inválida: el encabezado Host no es un nombre de servidor válido',
  nulCharacter: 'El texto contiene un carácter nulo (\\u0000), que no se admite',
  tooDeep: 'El cuerpo de la solicitud tiene demasiados niveles de anidación',
  badContentType: 'El cuerpo debe enviarse como JSON (Content-Type: application/json)',
  tooLarge: 'La solicitud es demasiado grande',
  notFoundApi: 'Recurso no encontrado',
  internal: 'Error interno del servidor',
  unavailable: 'El servicio no está disponible en este momento (sin conexión con la base de datos); inténtalo de nuevo en unos segundos',
} as const
