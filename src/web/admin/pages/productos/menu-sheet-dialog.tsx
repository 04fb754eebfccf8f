import { useQueryClient } from '@tanstack/react-query'
import { Download, FileSpreadsheet, Upload } from 'lucide-react'
import { useId, useState } from 'react'
import type { MenuImportRefused, MenuImportResult } from '@/shared/schemas/menu-sheet'
import { Button, buttonVariants } from '@/web/ui/button'
import { cn } from '@/web/ui/cn'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/ui/dialog'
import { toast } from '@/web/ui/use-toast'
import { ApiError, api, call, keyOf, serverMessage } from '../../lib/api'

type Mode = 'merge' | 'replace'
type Preview = MenuImportResult & { message?: string }

/** The dry run, or the import itself: a 422 is a preview with its errors, anything else failing is thrown. */
async function sendSheet(file: File, mode: Mode, dryRun: boolean): Promise<Preview> {
  return call(api.menu.import.post({ file }, { query: { mode, dryRun: dryRun ? '1' : '0' } })).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 422) return error.body as MenuImportRefused
    throw error
  })
}

/** 'Exportar': the menu as Excel (what an owner opens); CSV from the import dialog. A plain link: the browser downloads it. */
export function ExportMenuLink() {
  return (
    <a href="/api/menu/export?format=xlsx" download className={buttonVariants({ variant: 'outline' })}>
      <Download aria-hidden="true" />
      Exportar
    </a>
  )
}

const COUNTS: { key: 'created' | 'updated' | 'unchanged' | 'hidden'; label: string }[] = [
  { key: 'created', label: 'Nuevos' },
  { key: 'updated', label: 'Cambian' },
  { key: 'unchanged', label: 'Iguales' },
  { key: 'hidden', label: 'Se ocultan' },
]

/** 'Importar': choose a file, see what it would do (the dry run), then 'Aplicar'. */
export function ImportMenuDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const queryClient = useQueryClient()
  const fileId = useId()
  const [file, setFile] = useState<File | null>(null)
  const [mode, setMode] = useState<Mode>('merge')
  const [preview, setPreview] = useState<Preview | null>(null)
  const [busy, setBusy] = useState<'check' | 'apply' | null>(null)
  const [problem, setProblem] = useState<string | null>(null)

  async function check(nextFile: File | null, nextMode: Mode) {
    setPreview(null)
    setProblem(null)
    if (!nextFile) return
    setBusy('check')
    try {
      setPreview(await sendSheet(nextFile, nextMode, true))
    } catch (error) {
      setProblem(serverMessage(error, 'No se pudo leer el archivo'))
    } finally {
      setBusy(null)
    }
  }

  async function apply() {
    if (!file) return
    setBusy('apply')
    try {
      const result = await sendSheet(file, mode, false)
      if (result.errors.length > 0) {
        // The menu changed since the preview: show the new errors.
        setPreview(result)
        return
      }
      await Promise.all([queryClient.invalidateQueries({ queryKey: keyOf(api.products) }), queryClient.invalidateQueries({ queryKey: keyOf(api.categories) })])
      toast({ title: 'Menú importado', description: `${result.created} nuevos, ${result.updated} cambiados, ${result.hidden} ocultos` })
      close(false)
    } catch (error) {
      setProblem(serverMessage(error, 'No se pudo importar el menú'))
    } finally {
      setBusy(null)
    }
  }

  function close(next: boolean) {
    if (!next) {
      setFile(null)
      setPreview(null)
      setProblem(null)
    }
    onOpenChange(next)
  }

  const changes = preview ? preview.created + preview.updated + preview.hidden : 0
  const canApply = preview !== null && preview.errors.length === 0 && changes > 0 && busy === null

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Importar el menú</DialogTitle>
          <DialogDescription>
            Un CSV o Excel con una fila por producto. Empieza con el menú actual:{' '}
            <a className="underline" href="/api/menu/export?format=xlsx" download>
              Excel
            </a>{' '}
            o{' '}
            <a className="underline" href="/api/menu/export?format=csv" download>
              CSV
            </a>
            . Nada cambia hasta que tocas Aplicar.
          </DialogDescription>
        </DialogHeader>

        <div className="grid gap-4">
          <div className="grid gap-2">
            <p className="text-sm font-semibold">Archivo</p>
            <div className="flex flex-wrap items-center gap-3">
              {/* The native button would speak the browser's language; this label is the button. */}
              <input
                id={fileId}
                type="file"
                className="sr-only"
                accept=".csv,.tsv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                onChange={(event) => {
                  const next = event.target.files?.[0] ?? null
                  setFile(next)
                  void check(next, mode)
                  // The same file chosen again (after fixing it) is a change too.
                  event.target.value = ''
                }}
              />
              <label htmlFor={fileId} className={cn(buttonVariants({ variant: 'outline' }), 'has-[:focus-visible]:outline-2')}>
                <FileSpreadsheet aria-hidden="true" />
                Elegir archivo
              </label>
              <span className="min-w-0 break-words text-sm text-muted-foreground">{file ? file.name : 'Ninguno elegido (CSV o .xlsx)'}</span>
            </div>
          </div>
          <fieldset className="grid">
            <legend className="mb-1 text-sm font-semibold">Los productos que no están en el archivo</legend>
            {(
              [
                ['merge', 'Se quedan como están'],
                ['replace', 'Quedan no disponibles (no se borran)'],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex min-h-11 items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="modo"
                  value={value}
                  checked={mode === value}
                  className="size-4"
                  onChange={() => {
                    setMode(value)
                    void check(file, value)
                  }}
                />
                {label}
              </label>
            ))}
          </fieldset>

          {busy === 'check' ? <p className="text-sm text-muted-foreground">Revisando el archivo…</p> : null}
          {problem ? (
            <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive">
              {problem}
            </p>
          ) : null}

          {preview ? (
            <section aria-label="Vista previa" className="grid gap-3">
              {/* With errors nothing would happen: the counts would only mislead. */}
              {preview.errors.length === 0 ? (
                <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                  {COUNTS.map(({ key, label }) => (
                    <div key={key} className="rounded-md border border-border p-3">
                      <dt className="text-xs text-muted-foreground">{label}</dt>
                      <dd className="text-2xl font-bold tabular-nums" data-count={key}>
                        {preview[key]}
                      </dd>
                    </div>
                  ))}
                </dl>
              ) : null}
              {preview.errors.length > 0 ? (
                <div className="grid gap-2">
                  <p role="alert" className="text-sm font-semibold text-destructive">
                    {preview.message ?? `${preview.errors.length} errores`}. Corrígelos en el archivo y vuelve a elegirlo.
                  </p>
                  <div className="max-h-72 overflow-auto rounded-md border border-border">
                    <table className="w-full text-left text-sm">
                      <caption className="sr-only">Errores por fila</caption>
                      <thead className="sticky top-0 bg-muted">
                        <tr>
                          <th scope="col" className="px-3 py-2">
                            Fila
                          </th>
                          <th scope="col" className="px-3 py-2">
                            Columna
                          </th>
                          <th scope="col" className="px-3 py-2">
                            Problema
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {preview.errors.map((e, i) => (
                          <tr key={`${e.row}-${e.column}-${i}`} className="border-t border-border align-top">
                            <td className="px-3 py-2 tabular-nums">{e.row}</td>
                            <td className="px-3 py-2 break-words">{e.column || '—'}</td>
                            <td className="px-3 py-2">{e.message}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                </div>
              ) : changes === 0 ? (
                <p className="text-sm text-muted-foreground">El archivo es igual al menú: no hay nada que cambiar.</p>
              ) : null}
            </section>
          ) : null}
        </div>

        <DialogFooter>
          <Button variant="outline" onClick={() => close(false)}>
            Cancelar
          </Button>
          <Button disabled={!canApply} onClick={() => void apply()}>
            <Upload aria-hidden="true" />
            {busy === 'apply' ? 'Aplicando…' : 'Aplicar'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
