/** Full-area loading state (spec: 'Cargando...'). */
export function Loading({ text = 'Cargando...' }: { text?: string }) {
  return (
    <div role="status" aria-live="polite" className="flex min-h-[50vh] w-full items-center justify-center p-8 text-muted-foreground">
      {text}
    </div>
  )
}
