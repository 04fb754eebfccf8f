import { ImageIcon, LoaderCircle, Upload, X } from 'lucide-react'
import { useState, type ChangeEvent } from 'react'
import { responsiveImage } from '@/shared/images'
import { Button } from '@/web/ui/button'
import { toast } from '@/web/ui/use-toast'
import { IMAGE_TYPE_ERROR, isImageFile, uploadImage, type UploadTarget } from '../lib/upload'

type Props = {
  id: string
  label: string
  target: UploadTarget
  value: string | null
  onChange: (url: string | null) => void
  /** Tells the parent form to hold its submit while an upload runs. */
  onUploadingChange?: (uploading: boolean) => void
  hint?: string
}

/** Image picker: none -> 'Subiendo imagen...' -> preview (removable). */
export function ImageUpload({ id, label, target, value, onChange, onUploadingChange, hint = 'PNG o JPG hasta 10MB' }: Props) {
  const [uploading, setUploading] = useState(false)

  const setBusy = (busy: boolean) => {
    setUploading(busy)
    onUploadingChange?.(busy)
  }

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget
    const file = input.files?.[0]
    input.value = ''
    if (!file) return
    if (!isImageFile(file)) {
      toast({ title: 'Error', description: IMAGE_TYPE_ERROR, variant: 'destructive' })
      return
    }
    setBusy(true)
    try {
      const url = await uploadImage(target, file)
      onChange(url)
      toast({ title: 'Imagen cargada', description: 'La imagen se ha subido correctamente' })
    } catch {
      toast({ title: 'Error', description: 'No se pudo cargar la imagen', variant: 'destructive' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="grid gap-1.5">
      <span id={`${id}-label`} className="text-sm font-medium leading-none">
        {label}
      </span>
      {uploading ? (
        <div role="status" className="flex h-32 items-center justify-center gap-2 rounded-lg border border-dashed border-input bg-muted/50 text-sm text-muted-foreground">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          Subiendo imagen...
        </div>
      ) : value ? (
        <div className="relative w-fit">
          <img
            {...responsiveImage(value)}
            sizes="192px"
            alt={`Vista previa: ${label}`}
            className="h-32 w-48 rounded-lg border border-border object-cover"
          />
          <Button
            variant="destructive"
            size="icon-sm"
            className="absolute -right-2 -top-2 rounded-full"
            aria-label="Quitar imagen"
            onClick={() => onChange(null)}
          >
            <X aria-hidden="true" />
          </Button>
        </div>
      ) : (
        <div>
          <input
            id={id}
            type="file"
            accept="image/png,image/jpeg,image/webp"
            className="peer sr-only"
            aria-labelledby={`${id}-label ${id}-cta`}
            aria-describedby={`${id}-hint`}
            onChange={onFile}
          />
          <label
            htmlFor={id}
            className="flex h-32 cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border border-dashed border-input bg-card text-sm text-muted-foreground transition-colors hover:bg-muted/60 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring"
          >
            <span className="flex items-center gap-2">
              <ImageIcon aria-hidden="true" className="size-5" />
              <Upload aria-hidden="true" className="size-4" />
            </span>
            <span id={`${id}-cta`} className="font-semibold text-foreground">
              Subir imagen
            </span>
            <span id={`${id}-hint`} className="text-xs">
              {hint}
            </span>
          </label>
        </div>
      )}
    </div>
  )
}
