/**
 * Option groups for the drawer (issue #32): GET /api/option-groups, fetched the first time a
 * drawer, the cart or 'Repetir pedido' needs them and kept for the life of the page, as the
 * ingredients are (ingredients.ts). An option that sells out while the page is open is refused
 * by the server anyway (409, shown in the cart sheet).
 */
import { useEffect, useState } from 'react'
import type { OptionGroup } from '../../shared/options'

export type OptionGroups = ReadonlyMap<number, OptionGroup>

let pending: Promise<OptionGroups> | null = null

const isGroup = (v: unknown): v is OptionGroup => {
  if (typeof v !== 'object' || v === null) return false
  const g = v as Partial<OptionGroup>
  return typeof g.id === 'number' && typeof g.name === 'string' && typeof g.min === 'number' && typeof g.max === 'number' && Array.isArray(g.options)
}

async function fetchGroups(): Promise<OptionGroups> {
  const res = await fetch('/api/option-groups', { credentials: 'include' })
  if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`)
  const list: unknown = await res.json()
  if (!Array.isArray(list)) throw new Error('Respuesta inesperada')
  return new Map(list.filter(isGroup).map((g) => [g.id, g]))
}

/** One request shared by every caller; a failure is forgotten so a retry can refetch. */
export function loadOptionGroups(): Promise<OptionGroups> {
  pending ??= fetchGroups().catch((error: unknown) => {
    pending = null
    throw error
  })
  return pending
}

/** Forgets the groups read, as a new page would (tests: each starts from a page that has read nothing). */
export function forgetOptionGroups(): void {
  pending = null
}

export type OptionGroupsState =
  /** Not asked for (nothing on screen has groups). */
  | { status: 'off' }
  | { status: 'loading' }
  | { status: 'error'; retry: () => void }
  | { status: 'ready'; data: OptionGroups }

/** The groups once `enabled` (something on screen has some); 'off' while not. */
export function useOptionGroups(enabled: boolean): OptionGroupsState {
  const [state, setState] = useState<OptionGroupsState>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    if (!enabled) return
    let live = true
    loadOptionGroups().then(
      (data) => live && setState({ status: 'ready', data }),
      () =>
        live &&
        setState({
          status: 'error',
          retry: () => {
            setState({ status: 'loading' })
            setAttempt((n) => n + 1)
          },
        }),
    )
    return () => {
      live = false
    }
  }, [enabled, attempt])

  return enabled ? state : OFF
}

const OFF: OptionGroupsState = { status: 'off' }
