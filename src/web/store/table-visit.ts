/**
 * The table a diner orders from (issue #45, decision 044): kept in localStorage (`mesa`) like the
 * cart, so a reload or a trip to the tracking page and back keeps it, and forgotten when the
 * server refuses its token (409: renewed, deactivated, deleted). The page the server rendered for
 * `/?mesa=<token>` carries the table (LandingData.table); the stored one appears after hydration.
 * Only this small reading is part of the first load; the table's buttons are their own chunk.
 */
import { parseTableVisit, TABLE_PARAM, TABLE_REFUSED, type TableVisit } from '../../shared/dining-table'
import type { LinkNotice } from './link-notice'
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
}

/** The notice of a QR whose table no longer takes orders. */
export const TABLE_GONE_NOTICE: LinkNotice = { kind: 'table', tone: 'refused', title: TABLE_REFUSED, detail: 'Puedes ver el menú.' }

/**
 * Call once after hydration (app.tsx): a page rendered for a table keeps it; an address naming a
 * table the server did not recognise (it rendered the plain store) forgets any kept table and says so.
 */
export function openTableLink(fromPage: TableVisit | undefined, show: (notice: LinkNotice) => void): void {
  if (fromPage) {
    const kept = stored.get()
    if (kept?.token !== fromPage.token || kept.name !== fromPage.name) stored.set(fromPage)
    return
  }
  if (!new URLSearchParams(window.location.search).has(TABLE_PARAM)) return
  stored.set(null)
  show(TABLE_GONE_NOTICE)
}
