import type { ReactNode } from 'react'
import { Button } from '@/web/ui/button'

/** The submit button of a page's form: its label, 'Guardando...' while the save is on its way, full width on a phone. */
export function SaveButton({ saving, disabled = false, children = 'Guardar' }: { saving: boolean; disabled?: boolean; children?: ReactNode }) {
  return (
    <Button type="submit" disabled={saving || disabled} className="w-full sm:w-fit">
      {saving ? 'Guardando...' : children}
    </Button>
  )
}
