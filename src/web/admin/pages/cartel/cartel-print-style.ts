import { PAPERS, type PaperId } from './cartel-target'

/** The class of the copy of the sheet that only the printer sees (a direct child of <body>, put there by the page). */
export const PRINT_COPY_CLASS = 'cartel-print-copy'

/**
 * The page's print stylesheet, mounted with the page and gone with it, so no other admin
 * page prints differently. The paper is the owner's choice (@page size, no margin: the sheet
 * draws its own), in millimetres: Chromium does not know the name 'A6' and would print on
 * Letter. On paper only the sheet's copy shows: the admin app (sidebar, header,
 * controls, toasts) is hidden. The copy is a millimetre shorter than the paper: at exactly
 * 297 mm, rounding can push a blank second page out of the printer.
 */
export function cartelPrintStyle(id: PaperId): string {
  const paper = PAPERS[id]
  return `
@page { size: ${paper.widthMm}mm ${paper.heightMm}mm; margin: 0; }
@media screen { .${PRINT_COPY_CLASS} { display: none; } }
@media print {
  html, body { margin: 0 !important; padding: 0 !important; background: #ffffff !important; }
  body > :not(.${PRINT_COPY_CLASS}) { display: none !important; }
  .${PRINT_COPY_CLASS} .cartel-sheet { width: ${paper.widthMm}mm; height: ${paper.heightMm - 1}mm; aspect-ratio: auto; border: 0; box-shadow: none; border-radius: 0; }
}
`
}
