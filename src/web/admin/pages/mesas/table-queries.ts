/**
 * The tables of the dining room (issue #45) as the admin reads them: the Mesas page and the
 * board's bill (GET /api/tables is staff's too). A table's QR is `/?mesa=<token>`.
 */
import { useQuery } from '@tanstack/react-query'
import { TABLE_PARAM } from '@/shared/dining-table'
import { api, apiQuery } from '../../lib/api'

const tablesQuery = () => apiQuery(api.tables, (n) => n.get())
export const useTables = () => useQuery(tablesQuery())

/** The address a table's QR carries, on this site's origin. */
export const tableLink = (origin: string, token: string): string => `${origin}/?${TABLE_PARAM}=${encodeURIComponent(token)}`
