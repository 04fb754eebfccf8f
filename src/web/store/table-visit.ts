/**
 * The table a diner orders from (issue #45, decision 044): kept in localStorage (`mesa`) like the
 * cart, so a reload or a trip to the tracking page and back keeps it, and forgotten when the
 * server refuses its token (409: renewed, deactivated, deleted). The page the server rendered for
 * `/?mesa=<token>` carries the table (LandingData.table); the stored one appears after hydration.
 * Only this small reading is part of the first load; the table's buttons are their own chunk.
 */
import { parseTableVisit, TABLE_PARAM, type TableVisit } from '../../shared/table-visit'
import { storedValue } from './stored-value'

const stored = storedValue<TableVisit | null>('mesa', parseTableVisit, null)

/** The page's table (server-rendered) or, after hydration, the one kept on this device. */
export const useTableVisit = (fromPage: TableVisit | undefined): TableVisit | null => {
  const kept = stored.use()
  return fromPage ?? kept
}

/** The table as it is now, for an event handler. */
export const readTableVisit = stored.get

export const tableVisitActions = {
  forget: () => stored.set(null),
  remember: (table: TableVisit) => stored.set(table),
}

/** Whether this page load has a table to keep or a refused one to forget: only then is table-link.ts fetched. */
export const namesTable = (fromPage: TableVisit | undefined): boolean => fromPage !== undefined || new URLSearchParams(window.location.search).has(TABLE_PARAM)
