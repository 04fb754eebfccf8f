import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react'
import { useState } from 'react'
import { type Control, type FieldPathByValue, type FieldValues, useController } from 'react-hook-form'
import { Link } from 'react-router'
import type { OptionGroup } from '@/shared/options'
import { Button } from '@/web/ui/button'
import { Label } from '@/web/ui/label'
import { Select } from '@/web/ui/select'
import { FieldError } from '../../components/field'
import { ruleParts } from '../opciones/option-text'

type Props<T extends FieldValues> = {
  /** The form's control (useSchemaForm) and the name of its ordered list of group ids. */
  control: Control<T, any, any>
  name: FieldPathByValue<T, number[]>
  groups: readonly OptionGroup[]
  loading: boolean
}

/**
 * The option groups a product asks for, in the order the drawer asks them (issue #32): add one
 * from a select, move it up or down, take it off. One group may serve many products.
 */
export function OptionGroupPicker<T extends FieldValues>({ control, name, groups, loading }: Props<T>) {
  const { field, fieldState } = useController({ control, name })
  const chosen: number[] = field.value
  const byId = new Map(groups.map((g) => [g.id, g]))
  const rest = groups.filter((g) => !chosen.includes(g.id))
  const [picked, setPicked] = useState('')
  const toAdd = rest.find((g) => String(g.id) === picked) ?? rest[0]

  const set = (ids: number[]) => field.onChange(ids)
  const move = (from: number, to: number) => {
    const next = [...chosen]
    const [id] = next.splice(from, 1)
    if (id === undefined) return
    next.splice(to, 0, id)
    set(next)
  }

  return (
    <fieldset className="grid min-w-0 gap-3 rounded-lg border border-border p-3" aria-describedby="product-groups-hint">
      <legend className="px-1 text-sm font-medium">
        Grupos de opciones {chosen.length > 0 ? <span className="text-muted-foreground">({chosen.length})</span> : null}
      </legend>
      <p id="product-groups-hint" className="-mt-1 text-xs text-muted-foreground">
        Lo que el cliente elige al agregar el platillo, en este orden (Leche, Endulzante…).
      </p>
      {chosen.length > 0 ? (
        <ol className="grid gap-2" aria-label="Grupos de opciones del producto">
          {chosen.map((id, i) => {
            const group = byId.get(id)
            const label = group?.name ?? `Grupo ${id}`
            return (
              <li key={id} className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-muted/60 px-3 py-1.5" data-testid="product-group">
                <span className="min-w-0 text-sm">
                  <span className="font-medium">
                    {i + 1}. {label}
                  </span>
                  <span className="text-muted-foreground"> · {group ? ruleParts(group).join(' · ') : 'ya no existe'}</span>
                </span>
                <span className="flex gap-1">
                  <Button variant="ghost" size="icon-sm" aria-label={`Subir ${label}`} disabled={i === 0} onClick={() => move(i, i - 1)}>
                    <ArrowUp aria-hidden="true" />
                  </Button>
                  <Button variant="ghost" size="icon-sm" aria-label={`Bajar ${label}`} disabled={i === chosen.length - 1} onClick={() => move(i, i + 1)}>
                    <ArrowDown aria-hidden="true" />
                  </Button>
                  <Button variant="ghost" size="icon-sm" aria-label={`Quitar ${label}`} onClick={() => set(chosen.filter((x) => x !== id))}>
                    <X aria-hidden="true" />
                  </Button>
                </span>
              </li>
            )
          })}
        </ol>
      ) : null}
      {loading ? (
        <p className="text-sm text-muted-foreground">Cargando grupos de opciones...</p>
      ) : groups.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No hay grupos de opciones. Créalos en{' '}
          <Link to="/admin/opciones" className="font-medium text-primary underline-offset-4 hover:underline">
            Opciones
          </Link>
          .
        </p>
      ) : toAdd ? (
        <div className="flex flex-wrap items-end gap-2">
          <div className="grid min-w-48 flex-1 gap-1.5">
            <Label htmlFor="product-group-add">Grupo para agregar</Label>
            <Select id="product-group-add" value={String(toAdd.id)} onChange={(e) => setPicked(e.target.value)}>
              {rest.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name} ({ruleParts(g).join(', ')})
                </option>
              ))}
            </Select>
          </div>
          <Button variant="outline" onClick={() => set([...chosen, toAdd.id])}>
            <Plus aria-hidden="true" />
            Agregar grupo
          </Button>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">Ya pide todos los grupos.</p>
      )}
      <FieldError id="product-groups-error" message={fieldState.error?.message} />
    </fieldset>
  )
}
