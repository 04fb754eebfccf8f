import { useMutation, useQueryClient } from '@tanstack/react-query'
import { MessageCircle } from 'lucide-react'
import { useEffect, useState, type FormEvent } from 'react'
import { formatPhone } from '@/shared/phone'
import { DEFAULT_WHATSAPP_NUMBER, whatsappSettingInputSchema } from '@/shared/schemas'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/ui/card'
import { Input } from '@/web/ui/input'
import { Skeleton } from '@/web/ui/skeleton'
import { toast } from '@/web/ui/use-toast'
import { Field, hintId } from '../../components/field'
import { QueryError } from '../../components/query-state'
import { api, call } from '../../lib/api'
import { CHAT_NUMBER_KEY } from '../../lib/query-keys'
import { useChatNumber } from './use-chat-number'
import { SaveButton } from '../../components/form/save-button'

/** The order-receiving chat number (setting whatsapp_number). */
export function ChatNumberForm() {
  const queryClient = useQueryClient()
  const saved = useChatNumber()
  const [value, setValue] = useState('')

  useEffect(() => {
    if (saved.isSuccess) setValue(saved.data ?? '')
  }, [saved.isSuccess, saved.data])

  const save = useMutation({
    mutationFn: (digits: string) => call(api.settings({ key: 'whatsapp_number' }).patch({ value: digits })),
    onSuccess: (_res, digits) => {
      queryClient.setQueryData(CHAT_NUMBER_KEY, digits)
      setValue(digits)
      toast({ title: 'Configuración guardada', description: 'El número de WhatsApp para recibir pedidos se actualizó correctamente' })
    },
    onError: () => toast({ title: 'Error', description: 'No se pudo guardar la configuración', variant: 'destructive' }),
  })

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const parsed = whatsappSettingInputSchema.safeParse({ value })
    if (!parsed.success) {
      toast({ title: 'Número inválido', description: parsed.error.issues[0]?.message ?? '', variant: 'destructive' })
      return
    }
    save.mutate(parsed.data.value)
  }

  const current = saved.data ?? DEFAULT_WHATSAPP_NUMBER

  return (
    <Card className="max-w-2xl">
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <MessageCircle aria-hidden="true" className="size-5 text-success" />
          Número de WhatsApp para pedidos
        </CardTitle>
        <CardDescription>Los pedidos de la tienda se envían a este número por WhatsApp.</CardDescription>
      </CardHeader>
      <CardContent>
        {saved.isLoading ? (
          <Skeleton className="h-24" />
        ) : saved.isError ? (
          <QueryError error={saved.error} onRetry={() => void saved.refetch()} />
        ) : (
          <form onSubmit={onSubmit} className="grid gap-4" noValidate>
            <Field
              id="chat-number"
              label="Número de WhatsApp"
              hint="Con código de país y sin el signo +, por ejemplo 50212345678. Se guardan solo los dígitos (entre 8 y 15)."
            >
              <Input
                id="chat-number"
                inputMode="tel"
                autoComplete="tel"
                placeholder="50212345678"
                value={value}
                onChange={(e) => setValue(e.target.value)}
                aria-describedby={hintId('chat-number')}
              />
            </Field>
            <p className="text-sm text-muted-foreground">
              Número actual: <strong className="text-foreground">{formatPhone(current)}</strong>
              {saved.data ? null : ' (predeterminado)'}
            </p>
            <SaveButton saving={save.isPending} />
          </form>
        )}
      </CardContent>
    </Card>
  )
}
