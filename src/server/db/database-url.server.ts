/**
 * DATABASE_URL's shape, checked at start before anything connects (no driver loaded
 * here: the configuration is read on every start). Messages never contain the password.
 */
export class DatabaseUrlError extends Error {}

/** The URL with its password replaced: what logs and errors may show. */
export function redactDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '***'
    return parsed.toString()
  } catch {
    return '(DATABASE_URL)'
  }
}

export function checkDatabaseUrl(url: string): void {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new DatabaseUrlError('DATABASE_URL no es una URL válida: use postgres://usuario:contraseña@servidor:5432/base')
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw new DatabaseUrlError(`DATABASE_URL debe empezar con postgres:// (recibido ${parsed.protocol}//…)`)
  }
  if (!parsed.hostname) throw new DatabaseUrlError('DATABASE_URL no indica el servidor: use postgres://usuario:contraseña@servidor:5432/base')
  if (parsed.pathname.replace(/^\//, '') === '') throw new DatabaseUrlError('DATABASE_URL no indica la base de datos: termine la URL con /nombre_de_la_base')
}
