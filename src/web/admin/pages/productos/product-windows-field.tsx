/**
 * A dish's own hours (issue #31): off, it follows its category's (`windows: null`); on, its
 * own ranges replace them ('Chilaquiles Supremos solo de 8:00 a 10:00').
 */
import type { FieldError } from 'react-hook-form'
import type { ServiceWindow } from '@/shared/service-windows'
import { Label } from '@/web/ui/label'
import { Switch } from '@/web/ui/switch'
import { NEW_WINDOW, ServiceWindowsEditor } from '../../components/service-windows-editor'

/** The schema's messages under `windows`, by path ("windows.0.from"), as the editor reads them. */
function windowErrors(errors: FieldError | undefined): Record<string, string> {
  const found: Record<string, string> = {}
  const walk = (value: unknown, path: string) => {
    if (!value || typeof value !== 'object') return
    const message = (value as { message?: unknown }).message
    if (typeof message === 'string') found[path] = message
    for (const [key, child] of Object.entries(value)) if (key !== 'ref' && key !== 'message' && key !== 'type') walk(child, `${path}.${key}`)
  }
  walk(errors, 'windows')
  return found
}

type Props = { value: ServiceWindow[] | null; onChange: (windows: ServiceWindow[] | null) => void; error?: FieldError }

/** Bound by the product form's Controller (name 'windows'). */
export function ProductWindowsField({ value, onChange, error }: Props) {
  const own = value !== null
  return (
    <fieldset className="grid min-w-0 gap-3" data-testid="product-windows">
      <legend className="mb-1 text-sm font-medium">Horario de servicio</legend>
      <div className="flex items-center gap-3">
        <Switch id="product-own-windows" checked={own} onCheckedChange={(on) => onChange(on ? [NEW_WINDOW] : null)} />
        <Label htmlFor="product-own-windows" className="font-normal">
          {own ? 'Horario propio de este producto' : 'El de su categoría'}
        </Label>
      </div>
      {own && (
        <ServiceWindowsEditor
          id="product-window"
          windows={value ?? []}
          onChange={onChange}
          errors={windowErrors(error)}
          emptyText="Sin rangos: se sirve siempre que el restaurante está abierto."
        />
      )}
    </fieldset>
  )
}
