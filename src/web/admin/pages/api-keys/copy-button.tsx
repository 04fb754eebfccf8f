import { Check, Copy } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Button } from '@/web/ui/button'
import { toast } from '@/web/ui/use-toast'
import { copyText } from '../../lib/copy-text'

const COPIED_FOR_MS = 2000

/** Copies `text`; shows a check mark for 2 s and a 'Copiado' toast. */
export function CopyButton({ text, label = 'Copiar' }: { text: string; label?: string }) {
  const [copied, setCopied] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  async function copy() {
    try {
      await copyText(text)
      setCopied(true)
      toast({ title: 'Copiado', description: 'La API Key se copió al portapapeles' })
      clearTimeout(timer.current)
      timer.current = setTimeout(() => setCopied(false), COPIED_FOR_MS)
    } catch {
      toast({ title: 'Error', description: 'No se pudo copiar. Selecciona la key y cópiala manualmente.', variant: 'destructive' })
    }
  }

  return (
    <Button variant="outline" size="icon" onClick={copy} aria-label={copied ? 'Copiado' : label}>
      {copied ? <Check aria-hidden="true" className="text-success" /> : <Copy aria-hidden="true" />}
    </Button>
  )
}
