import { Printer } from 'lucide-react'
import { useMemo } from 'react'
import { createPortal } from 'react-dom'
import { useSearchParams } from 'react-router'
import { Button } from '@/web/ui/button'
import { Card, CardContent } from '@/web/ui/card'
import { Chip, ChipGroup } from '@/web/ui/chip-group'
import { Select } from '@/web/ui/select'
import { Field, invalidProps } from '../../components/field'
import { Loading } from '../../components/loading'
import { PageHeader } from '../../components/page-header'
import { QueryError } from '../../components/query-state'
import { useCategories } from '../categorias/use-categories'
import { useChatNumber } from '../configuracion/use-chat-number'
import { useProducts } from '../productos/use-products'
import { namesOf, restaurantToday } from '../promociones/promotion-text'
import { usePromotions } from '../promociones/use-promotions'
import { useStoreProfile } from '../../lib/use-store-profile'
import { PRINT_COPY_CLASS, cartelPrintStyle } from './cartel-print-style'
import { CartelSheet } from './cartel-sheet'
import { PAPERS, cartelTarget, paperId, posterCodes, printedAddress, type PaperId } from './cartel-target'

/** How wide the preview is drawn: the card smaller than the poster, as on the counter. */
const PREVIEW_WIDTH: Record<PaperId, string> = { a4: 'max-w-[24rem]', a6: 'max-w-[17rem]' }

/**
 * /admin/cartel (DESIGN "Selling more"): a poster (A4) or a table card (A6) with the QR of
 * the store, or of a code's link (`?codigo=MARTES`), printed from the browser. The paper and
 * the code live in the address, so a link from Promociones opens the poster of its code. The
 * code is chosen among those a customer can use (issue #40: a typed 'NOEXISTE' printed a QR
 * that led to 'Ese código no existe'), and the poster says what it gives and when.
 */
export default function CartelPage() {
  const [params, setParams] = useSearchParams()
  const paper = paperId(params.get('formato'))
  const askedCode = params.get('codigo') ?? ''
  const chatNumber = useChatNumber()
  const promotions = usePromotions()
  const categories = useCategories()
  const products = useProducts()
  const today = restaurantToday()
  const names = useMemo(() => namesOf(categories.data ?? [], products.data ?? []), [categories.data, products.data])
  const codes = posterCodes(promotions.data ?? [], today)
  // The sheet prints the restaurant's name and logo ('Tu restaurante'): printing waits for them.
  const restaurant = useStoreProfile()
  // The build prerenders every screen without a window (scripts/build-client.ts).
  const target = cartelTarget(typeof window === 'undefined' ? '' : window.location.origin, askedCode, promotions.data, { names, today })
  // A code asked for by a link waits for the list (and the names its offer uses) before it is printed.
  const ready = chatNumber.isSuccess && restaurant.isSuccess && (!askedCode || (promotions.isFetched && categories.isFetched && products.isFetched))

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
          <Button onClick={() => window.print()} disabled={!ready}>
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
              hint={
                promotions.isError
                  ? 'No se pudieron leer las promociones: el QR abre la tienda.'
                  : codes.length === 0 && promotions.isSuccess
                    ? 'No hay códigos activos. Crea uno en Promociones.'
                    : 'Solo los códigos que tus clientes pueden usar. El QR abre la tienda con el código ya puesto.'
              }
              error={target.codeError ?? undefined}
            >
              <Select
                id="cartel-codigo"
                value={target.code ?? ''}
                disabled={!promotions.isSuccess}
                onChange={(e) => update('codigo', e.target.value)}
                {...invalidProps('cartel-codigo', target.codeError ?? undefined)}
              >
                <option value="">Sin código: el QR abre la tienda</option>
                {codes.map((p) => (
                  <option key={p.id} value={p.code ?? ''}>
                    {p.code}
                  </option>
                ))}
              </Select>
            </Field>
            {target.offer ? (
              <p className="text-sm text-muted-foreground">
                El cartel dice: <strong className="text-foreground">{[target.offer, target.dates].filter(Boolean).join('. ')}</strong>
              </p>
            ) : null}
            <p className="text-sm text-muted-foreground">
              El QR lleva a <strong className="break-all text-foreground" data-testid="cartel-url">{printedAddress(target.url)}</strong>
            </p>
          </CardContent>
        </Card>
        <section aria-label="Vista previa" className="flex justify-center rounded-xl bg-muted p-4 md:p-8">
          {chatNumber.isError ? (
            <QueryError title="No se pudo leer el número del chat" error={chatNumber.error} onRetry={() => void chatNumber.refetch()} />
          ) : !ready ? (
            <Loading />
          ) : (
            <div className={`w-full ${PREVIEW_WIDTH[paper]} rounded-sm shadow-warm ring-1 ring-border`}>
              <CartelSheet paper={paper} target={target} chatNumber={chatNumber.data} />
            </div>
          )}
        </section>
      </div>
      {ready ? (
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
