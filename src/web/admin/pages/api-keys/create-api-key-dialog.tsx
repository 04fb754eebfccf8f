import { TriangleAlert } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { apiKeyInputSchema, type CreatedApiKey } from '@/shared/schemas'
import { Alert, AlertDescription, AlertTitle } from '@/web/ui/alert'
import { Button } from '@/web/ui/button'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/ui/dialog'
import { Input } from '@/web/ui/input'
import { toast } from '@/web/ui/use-toast'
import { Field } from '../../components/field'
import { CopyButton } from './copy-button'
import { useCreateApiKey } from './use-api-keys'

/** Form, then (after success) the full key shown once. Closing clears it. */
export function CreateApiKeyDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const create = useCreateApiKey()
  const [name, setName] = useState('')
  const [created, setCreated] = useState<CreatedApiKey | null>(null)

  function close(next: boolean) {
    if (!next) {
      setName('')
      setCreated(null)
      create.reset()
    }
    onOpenChange(next)
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const parsed = apiKeyInputSchema.safeParse({ name })
    if (!parsed.success) {
      toast({ title: 'Error', description: parsed.error.issues[0]?.message ?? '', variant: 'destructive' })
      return
    }
    create.mutate(parsed.data.name, { onSuccess: (key) => setCreated(key) })
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        {created ? (
          <>
            <DialogHeader>
              <DialogTitle>API Key creada</DialogTitle>
              <DialogDescription>Key “{created.name}” lista para usarse en tu sistema externo.</DialogDescription>
            </DialogHeader>
            <Alert variant="warning">
              <TriangleAlert aria-hidden="true" />
              <AlertTitle>Guárdala ahora</AlertTitle>
              <AlertDescription>Esta es la única vez que verás la key completa. No podrás verla de nuevo.</AlertDescription>
            </Alert>
            <div className="flex items-center gap-2">
              <code data-testid="full-api-key" className="min-w-0 flex-1 break-all rounded-md bg-muted px-3 py-2 font-mono text-sm">
                {created.key}
              </code>
              <CopyButton text={created.key} label="Copiar API Key" />
            </div>
            <DialogFooter>
              <DialogClose asChild>
                <Button>Listo</Button>
              </DialogClose>
            </DialogFooter>
          </>
        ) : (
          <form onSubmit={submit} className="grid gap-4" noValidate>
            <DialogHeader>
              <DialogTitle>Nueva API Key</DialogTitle>
              <DialogDescription>Para sistemas externos como un punto de venta.</DialogDescription>
            </DialogHeader>
            <Field id="api-key-name" label="Nombre">
              <Input id="api-key-name" value={name} onChange={(e) => setName(e.target.value)} placeholder="Punto de venta" />
            </Field>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Cancelar</Button>
              </DialogClose>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? 'Creando...' : 'Crear'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  )
}
