/**
 * What a table's address does once the page is hydrated (issue #45), in its own chunk: fetched
 * only when the page was rendered for a table or the address names one (table-visit.ts).
 */
import { TABLE_REFUSED, type TableVisit } from '../../shared/dining-table'
import type { LinkNotice } from './link-notice'
import { readTableVisit, tableVisitActions } from './table-visit'

/** The notice of a QR whose table no longer takes orders. */
const TABLE_GONE_NOTICE: LinkNotice = { kind: 'table', tone: 'refused', title: TABLE_REFUSED, detail: 'Puedes ver el menú.' }

/**
 * A page rendered for a table keeps it on this device; an address naming a table the server did
 * not recognise (it rendered the plain store) forgets any kept table and says so. Called only for
 * one or the other (app.tsx, `namesTable`).
 */
export function openTableLink(fromPage: TableVisit | undefined, show: (notice: LinkNotice) => void): void {
  if (fromPage) {
    const kept = readTableVisit()
    if (kept?.token !== fromPage.token || kept.name !== fromPage.name) tableVisitActions.remember(fromPage)
    return
  }
  tableVisitActions.forget()
  show(TABLE_GONE_NOTICE)
}
