import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Database, LoaderCircle } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/web/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/web/ui/card'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { PageHeader } from '../../components/page-header'
import { api, call, keyOf } from '../../lib/api'
import { InitializationOutcome } from './initialization-outcome'
import { SeedSummary } from './seed-summary'

export default function InicializarBdPage() {
  const queryClient = useQueryClient()
  const [confirming, setConfirming] = useState(false)

  const init = useMutation({
    mutationFn: () => call(api.admin['initialize-database'].post()),
    onSuccess: async () => {
      // The seed writes the menu, its ingredients and the chat number.
      await Promise.all([api.products, api.ingredients, api.settings].map((node) => queryClient.invalidateQueries({ queryKey: keyOf(node) })))
    },
  })

  return (
    <div className="max-w-3xl">
      <PageHeader title="Inicializar Base de Datos" description="Carga el menú inicial de la tienda en una base de datos vacía" />
      <div className="grid gap-6">
        {/* At the top: the button is at the end of a long page, and on a phone the answer must not land out of sight. */}
        <InitializationOutcome mutation={init} />
        <Card>
          <CardHeader>
            <CardTitle as="h2">Instrucciones</CardTitle>
          </CardHeader>
          <CardContent>
            <ol className="ml-5 grid list-decimal gap-2 text-sm">
              <li>Usa esta opción una sola vez, cuando la tienda todavía no tiene productos ni ingredientes.</li>
              <li>Revisa abajo los datos que se cargarán.</li>
              <li>Pulsa “Inicializar Base de Datos” y confirma.</li>
              <li>Después podrás editar o eliminar cualquier producto, ingrediente o el número de WhatsApp desde el panel.</li>
            </ol>
            <p className="mt-3 text-sm text-muted-foreground">Si ya hay productos o ingredientes, no se cambia ni se borra nada.</p>
          </CardContent>
        </Card>
        <SeedSummary />
        <div>
          <Button size="lg" onClick={() => setConfirming(true)} disabled={init.isPending} aria-busy={init.isPending || undefined}>
            {init.isPending ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Database aria-hidden="true" />}
            {init.isPending ? 'Inicializando Base de Datos...' : 'Inicializar Base de Datos'}
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="¿Inicializar la base de datos?"
        description="Se cargarán 21 ingredientes, 10 productos y el número de WhatsApp que recibe los pedidos."
        confirmLabel="Sí, inicializar"
        destructive={false}
        onConfirm={() => {
          setConfirming(false)
          init.mutate()
        }}
      />
    </div>
  )
}
