/**
 * Small conversions every repository shares (decision 019: both engines store the same
 * types). No runtime import of Kysely here or in the repositories the start-up path
 * loads: on SQLite it is loaded after the first answer (db/sqlite.server.ts).
 */

/** A flag column's value for a boolean. */
export const flag = (on: boolean): 0 | 1 => (on ? 1 : 0)

/** A count read from either engine. */
export const asNumber = (value: number | string | bigint | null | undefined): number => Number(value ?? 0)

/** A JSON text array of integer ids, read defensively (anything else reads as none). */
export function idsFrom(json: string): number[] {
  const value: unknown = JSON.parse(json)
  return Array.isArray(value) ? value.filter((v): v is number => Number.isInteger(v)) : []
}
