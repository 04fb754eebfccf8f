import type { ReactNode } from 'react'
import { Label } from '@/web/ui/label'

/**
 * A labelled form row with an inline error. The control (the child) must use
 * `id` and, when there is an error, `aria-invalid` + `aria-describedby={errorId(id)}`.
 */
export function Field({ id, label, error, hint, children }: { id: string; label: ReactNode; error?: string; hint?: ReactNode; children: ReactNode }) {
  return (
    // content-start: beside a taller field (one with a hint) in a form grid, the label and control stay at the top.
    <div className="grid content-start gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint ? (
        <p id={hintId(id)} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId(id)} message={error} />
    </div>
  )
}

/** A field's error line (nothing while there is none), referenced by the control's aria-describedby. */
export function FieldError({ id, message }: { id: string; message: string | undefined | null }) {
  return message ? (
    <p id={id} className="text-sm font-medium text-destructive">
      {message}
    </p>
  ) : null
}

export const errorId = (id: string) => `${id}-error`
export const hintId = (id: string) => `${id}-hint`

/** aria props for a control inside <Field>. */
export function invalidProps(id: string, error: string | undefined) {
  return error ? { 'aria-invalid': true as const, 'aria-describedby': errorId(id) } : {}
}
