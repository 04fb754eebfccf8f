import { ImageUp, RotateCcw, ShoppingBag, Store } from 'lucide-react'
import { useEffect, useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react'
import { storeProfileInputSchema } from '@/shared/schemas/store-profile'
import {
  COLOR_PATTERN,
  DEFAULT_COLORS,
  DEFAULT_HERO,
  DEFAULT_LOGO,
  MIN_CONTRAST,
  UNREADABLE_COLOR,
  headlineParts,
  textOn,
  type StoreProfile,
} from '@/shared/store-profile'
import { Button } from '@/web/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/ui/card'
import { Skeleton } from '@/web/ui/skeleton'
import { Textarea } from '@/web/ui/textarea'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { Field } from '../../components/field'
import { LabelledInput, controlAria } from '../../components/form/labelled-input'
import { SaveButton } from '../../components/form/save-button'
import { QueryError } from '../../components/query-state'
import { useStoreProfile, useStoreProfileActions } from '../../lib/use-store-profile'

/** The form's values: every text as typed ('' for an empty optional one); the shared schema turns them into the profile. */
type Draft = {
  name: string
  headline: string
  subtitle: string
  description: string
  about: string
  address: string
  cuisine: string
  mapUrl: string
  instagram: string
  facebook: string
  tiktok: string
  primary: string
  secondary: string
}

const draftOf = (p: StoreProfile): Draft => ({
  name: p.name,
  headline: p.headline,
  subtitle: p.subtitle ?? '',
  description: p.description ?? '',
  about: p.about ?? '',
  address: p.address ?? '',
  cuisine: p.cuisine ?? '',
  mapUrl: p.mapUrl ?? '',
  instagram: p.instagram ?? '',
  facebook: p.facebook ?? '',
  tiktok: p.tiktok ?? '',
  primary: p.colors.primary,
  secondary: p.colors.secondary,
})

const inputOf = (d: Draft) => {
  const { primary, secondary, ...texts } = d
  return { ...texts, colors: { primary, secondary } }
}

/** The shared schema's first message per field ('colors.primary' for a colour). */
function problemsOf(d: Draft): Record<string, string> {
  const parsed = storeProfileInputSchema.safeParse(inputOf(d))
  if (parsed.success) return {}
  const out: Record<string, string> = {}
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.')
    out[key] ??= issue.message
  }
  return out
}

/**
 * Configuración → 'Tu restaurante' (issue #41): the name, words, links, colours, logo, hero
 * picture and story the storefront, the tracking page, the ticket and the previews show. A
 * preview of the nav and hero at phone width follows every keystroke; each colour shows the
 * contrast of the text that goes on it as it is picked.
 */
export function StoreProfileForm() {
  const profile = useStoreProfile()
  const { save, upload, reset } = useStoreProfileActions()
  const id = useId()
  const [draft, setDraft] = useState<Draft | null>(null)
  const [tried, setTried] = useState(false)
  const [confirmReset, setConfirmReset] = useState(false)

  useEffect(() => {
    if (profile.data) setDraft(draftOf(profile.data))
  }, [profile.data])

  if (profile.isLoading || (!draft && !profile.isError)) {
    return <ProfileCard><Skeleton className="h-96" /></ProfileCard>
  }
  if (profile.isError || !draft || !profile.data) {
    return <ProfileCard><QueryError error={profile.error} onRetry={() => void profile.refetch()} /></ProfileCard>
  }
  const saved = profile.data
  const problems = problemsOf(draft)
  const shown = (key: string) => (tried || key.startsWith('colors') ? problems[key] : undefined)
  const set = (key: keyof Draft) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setDraft({ ...draft, [key]: event.target.value })

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setTried(true)
    if (!draft) return
    const parsed = storeProfileInputSchema.safeParse(inputOf(draft))
    if (parsed.success) save.mutate(parsed.data)
  }

  const text = (key: keyof Draft, label: string, hint?: string, type = 'text') => (
    <LabelledInput id={`${id}-${key}`} label={label} hint={hint} type={type} value={draft[key]} onChange={set(key)} error={shown(key)} />
  )

  return (
    <ProfileCard>
      <form onSubmit={onSubmit} noValidate className="grid gap-6 lg:grid-cols-[1fr_390px]" aria-label="Tu restaurante">
        <div className="grid min-w-0 gap-4">
          {text('name', 'Nombre del restaurante', 'Hasta 60 caracteres: el menú, los títulos, el ticket y las vistas previas.')}
          {text('headline', 'Titular del inicio', 'Su última palabra va resaltada, como “Los mejores CHILAQUILES”.')}
          {text('subtitle', 'Subtítulo (opcional)', 'Hasta 160 caracteres, bajo el titular.')}
          {text('description', 'Descripción (opcional)', 'Hasta 160 caracteres: buscadores, vistas previas de enlaces y el pie de página.')}
          <Field id={`${id}-about`} label="Nuestra historia (opcional)" hint="Texto simple; separa los párrafos con una línea en blanco. Con historia, “Nosotros” lleva a ella." error={shown('about')}>
            <Textarea id={`${id}-about`} value={draft.about} onChange={set('about')} rows={5} {...controlAria(`${id}-about`, true, shown('about'))} />
          </Field>
          {text('address', 'Dirección del local (opcional)', 'Se muestra a quien pasa a recoger: en Tu Pedido, el mensaje, el seguimiento y el ticket.')}
          {text('cuisine', 'Tipo de cocina (opcional)', 'Separado por comas, como “Salvadoreña, Pupusas”: lo leen los buscadores.')}
          <div className="grid gap-4 sm:grid-cols-2">
            {text('mapUrl', 'Enlace al mapa (opcional)', 'https://…', 'url')}
            {text('instagram', 'Instagram (opcional)', 'https://…', 'url')}
            {text('facebook', 'Facebook (opcional)', 'https://…', 'url')}
            {text('tiktok', 'TikTok (opcional)', 'https://…', 'url')}
          </div>
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 text-sm font-medium">Colores</legend>
            <ColorField id={`${id}-primary`} label="Color principal (inicio, botones)" value={draft.primary} onChange={(v) => setDraft({ ...draft, primary: v })} error={shown('colors.primary')} />
            <ColorField id={`${id}-secondary`} label="Color de acento (titular resaltado, insignias)" value={draft.secondary} onChange={(v) => setDraft({ ...draft, secondary: v })} error={shown('colors.secondary')} />
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            <PictureField label="Logo" current={saved.logoUrl ?? DEFAULT_LOGO} busy={upload.isPending && upload.variables?.which === 'logo'} onFile={(file) => upload.mutate({ which: 'logo', file })} />
            <PictureField label="Foto del inicio" current={saved.heroUrl ?? DEFAULT_HERO} busy={upload.isPending && upload.variables?.which === 'hero'} onFile={(file) => upload.mutate({ which: 'hero', file })} />
          </div>
          <div className="flex flex-col gap-2 sm:flex-row">
            <SaveButton saving={save.isPending} />
            <Button type="button" variant="outline" onClick={() => setConfirmReset(true)} className="w-full sm:w-fit">
              <RotateCcw aria-hidden="true" className="size-4" /> Restablecer
            </Button>
          </div>
        </div>
        <Preview draft={draft} logoUrl={saved.logoUrl} heroUrl={saved.heroUrl} />
      </form>
      <ConfirmDialog
        open={confirmReset}
        onOpenChange={setConfirmReset}
        title="¿Restablecer tu restaurante?"
        description="Vuelven el nombre, los textos, los colores, el logo y la foto de una instalación nueva. Las fotos subidas no se borran."
        confirmLabel="Restablecer"
        busy={reset.isPending}
        onConfirm={() => reset.mutate(undefined, { onSuccess: () => setConfirmReset(false) })}
      />
    </ProfileCard>
  )
}

function ProfileCard({ children }: { children: ReactNode }) {
  return (
    <Card data-testid="store-profile-card">
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <Store aria-hidden="true" className="size-5 text-primary" />
          Tu restaurante
        </CardTitle>
        <CardDescription>Nombre, textos, colores, logo e historia: la tienda los muestra al guardar, sin reiniciar nada.</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  )
}

/** A colour as a picker and as text, with the contrast of the text that goes on it (white or #111111, whichever reads better). */
function ColorField({ id, label, value, onChange, error }: { id: string; label: string; value: string; onChange: (v: string) => void; error: string | undefined }) {
  const valid = COLOR_PATTERN.test(value)
  const on = valid ? textOn(value) : null
  const verdict = on ? `Texto ${on.color === '#ffffff' ? 'blanco' : 'oscuro'}: contraste ${on.ratio.toFixed(1)}:1 ${on.ratio >= MIN_CONTRAST ? '(se lee bien)' : `(${UNREADABLE_COLOR.toLowerCase()})`}` : null
  return (
    <Field id={id} label={label} error={error} hint={verdict}>
      <div className="flex items-center gap-2">
        <input type="color" aria-label={`${label}: selector`} value={valid ? value.toLowerCase() : '#000000'} onChange={(e) => onChange(e.target.value)} className="h-10 w-14 shrink-0 max-sm:min-h-11 cursor-pointer rounded-md border border-input bg-white" />
        <input
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className="h-10 min-w-0 flex-1 max-sm:min-h-11 rounded-md border border-input bg-white px-3 font-mono text-sm"
          {...controlAria(id, verdict, error)}
        />
        {on && (
          <span aria-hidden="true" className="grid h-10 shrink-0 place-items-center rounded-md px-3 text-sm font-bold" style={{ background: value, color: on.color }}>
            Aa
          </span>
        )}
      </div>
    </Field>
  )
}

function PictureField({ label, current, busy, onFile }: { label: string; current: string; busy: boolean; onFile: (file: File) => void }) {
  const inputId = useId()
  return (
    <div className="grid gap-1.5">
      <span className="text-sm font-medium">{label}</span>
      <img src={current} alt={`${label} actual`} className="h-24 w-full rounded-md border border-border bg-muted object-contain" />
      <label htmlFor={inputId} className="inline-flex h-10 cursor-pointer items-center justify-center gap-2 rounded-md border border-input bg-card px-4 text-sm font-semibold focus-within:outline-2 focus-within:outline-ring hover:bg-accent">
        <ImageUp aria-hidden="true" className="size-4" /> {busy ? 'Subiendo imagen...' : `Cambiar ${label.toLowerCase()}`}
      </label>
      <input
        id={inputId}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        className="sr-only"
        disabled={busy}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0]
          e.currentTarget.value = ''
          if (file) onFile(file)
        }}
      />
      <p className="text-xs text-muted-foreground">PNG, JPG o WebP hasta 10 MB</p>
    </div>
  )
}

/** The nav and hero as a phone shows them (390 px), with the draft's words and colours. */
function Preview({ draft, logoUrl, heroUrl }: { draft: Draft; logoUrl: string | null; heroUrl: string | null }) {
  const primary = COLOR_PATTERN.test(draft.primary) ? draft.primary : DEFAULT_COLORS.primary
  const secondary = COLOR_PATTERN.test(draft.secondary) ? draft.secondary : DEFAULT_COLORS.secondary
  const { lead, emphasis } = headlineParts(draft.headline)
  return (
    <figure className="grid content-start gap-2" data-testid="store-profile-preview">
      <figcaption className="text-sm font-medium">Vista previa (teléfono)</figcaption>
      <div className="w-full max-w-[390px] overflow-hidden rounded-xl border border-border bg-[#fffaf0] shadow-sm">
        <div className="flex h-14 items-center gap-2 border-b border-[#ead9bf] px-3">
          <img src={logoUrl ?? DEFAULT_LOGO} alt="" className="size-8 shrink-0 rounded-md object-contain" />
          <span className="min-w-0 truncate font-bold" style={{ color: primary }}>
            {draft.name || 'Nombre'}
          </span>
          <span className="ml-auto grid size-9 shrink-0 place-items-center rounded-full" style={{ background: primary, color: textOn(primary).color }}>
            <ShoppingBag aria-hidden="true" className="size-4" />
          </span>
        </div>
        <div className="grid gap-3 px-4 py-6" style={{ background: primary, color: textOn(primary).color }}>
          <p className="text-3xl leading-none font-bold">
            {lead ? `${lead} ` : null}
            <span className="block" style={{ color: secondary }}>
              {emphasis}
            </span>
          </p>
          {draft.subtitle && <p className="text-sm opacity-90">{draft.subtitle}</p>}
          <span className="w-fit rounded-full px-5 py-2 text-sm font-bold" style={{ background: secondary, color: textOn(secondary).color }}>
            Ordena Ya
          </span>
          <img src={heroUrl ?? DEFAULT_HERO} alt="" className="mx-auto max-h-40 w-auto rounded-lg object-contain" />
        </div>
      </div>
    </figure>
  )
}
