import { Printer } from 'lucide-react'
import { createPortal } from 'react-dom'
import { useSearchParams } from 'react-router'
import { Button } from '@/web/ui/button'
import { Card, CardContent } from '@/web/ui/card'
import { Chip, ChipGroup } from '@/web/ui/chip-group'
import { Input } from '@/web/ui/input'
import { Field, invalidProps } from '../../components/field'
import { Loading } from '../../components/loading'
import { PageHeader } from '../../components/page-header'
import { QueryError } from '../../components/query-state'
import { useChatNumber } from '../configuracion/use-chat-number'
import { PRINT_COPY_CLASS, cartelPrintStyle } from './cartel-print-style'
import { CartelSheet } from './cartel-sheet'
import { PAPERS, cartelTarget, paperId, printedAddress, type PaperId } from './cartel-target'

/** How wide the preview is drawn: the card smaller than the poster, as on the counter. */
const PREVIEW_WIDTH: Record<PaperId, string> = { a4: 'max-w-[24rem]', a6: 'max-w-[17rem]' }

/**
 * /admin/cartel (DESIGN "Selling more"): a poster (A4) or a table card (A6) with the QR of
 * the store, or of a code's link (`?codigo=MARTES`), printed from the browser. The paper and
 * the code live in the address, so a link from Promociones opens the poster of its code.
 */
export default function CartelPage() {
  const [params, setParams] = useSearchParams()
  const paper = paperId(params.get('formato'))
  const typedCode = params.get('codigo') ?? ''
  const chatNumber = useChatNumber()
  // The build prerenders every screen without a window (scripts/build-client.ts).
  const target = cartelTarget(typeof window === 'undefined' ? '' : window.location.origin, typedCode)

  const update = (key: 'formato' | 'codigo', value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        if (value) next.set(key, value)
        else next.delete(key)
        return next
      },
      { replace: true },
    )

  return (
    <div>
      <PageHeader
        title="Cartel con QR"
        description="Imprime un cartel o una tarjeta de mesa para que tus clientes escaneen y ordenen"
        actions={
          <Button onClick={() => window.print()} disabled={!chatNumber.isSuccess}>
            <Printer aria-hidden="true" />
            Imprimir
          </Button>
        }
      />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,22rem)_1fr]">
        <Card>
          <CardContent className="grid gap-5 pt-5">
            <div className="grid gap-2">
              <p className="text-sm font-medium">Tamaño</p>
              <ChipGroup label="Tamaño" className="flex-wrap">
                {(Object.keys(PAPERS) as PaperId[]).map((id) => (
                  <Chip key={id} checked={paper === id} onClick={() => update('formato', id === 'a4' ? '' : id)}>
                    {PAPERS[id].label}
                  </Chip>
                ))}
              </ChipGroup>
            </div>
            <Field
              id="cartel-codigo"
              label="Código de promoción (opcional)"
              hint="El QR abre la tienda con el código ya puesto"
              error={target.codeError ?? undefined}
            >
              <Input
                id="cartel-codigo"
                value={typedCode}
                maxLength={20}
                autoComplete="off"
                spellCheck={false}
                placeholder="Por ejemplo: MARTES"
                className="uppercase placeholder:normal-case"
                onChange={(e) => update('codigo', e.target.value.toUpperCase())}
                {...invalidProps('cartel-codigo', target.codeError ?? undefined)}
              />
            </Field>
            <p className="text-sm text-muted-foreground">
              El QR lleva a <strong className="break-all text-foreground" data-testid="cartel-url">{printedAddress(target.url)}</strong>
            </p>
          </CardContent>
        </Card>
        <section aria-label="Vista previa" className="flex justify-center rounded-xl bg-muted p-4 md:p-8">
          {chatNumber.isPending ? (
            <Loading />
          ) : chatNumber.isError ? (
            <QueryError title="No se pudo leer el número del chat" error={chatNumber.error} onRetry={() => void chatNumber.refetch()} />
          ) : (
            <div className={`w-full ${PREVIEW_WIDTH[paper]} rounded-sm shadow-warm ring-1 ring-border`}>
              <CartelSheet paper={paper} target={target} chatNumber={chatNumber.data} />
            </div>
          )}
        </section>
      </div>
      {chatNumber.isSuccess ? (
        <>
          <style>{cartelPrintStyle(paper)}</style>
          {createPortal(
            <div className={PRINT_COPY_CLASS} aria-hidden="true">
              <CartelSheet paper={paper} target={target} chatNumber={chatNumber.data} />
            </div>,
            document.body,
          )}
        </>
      ) : null}
    </div>
  )
}
