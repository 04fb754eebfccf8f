import { useEffect } from 'react'
import { Link } from 'react-router'
import { buttonVariants } from '@/web/ui/button'

/** Any unknown path (the server answers it with HTTP 404). */
export default function NotFoundPage() {
  useEffect(() => {
    document.title = 'Page Not Found'
  }, [])
  return (
    <div className="flex min-h-[70vh] flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="font-display text-6xl font-bold text-primary" aria-hidden="true">
        404
      </p>
      <h1 className="text-2xl font-bold">Page Not Found</h1>
      <p className="text-muted-foreground">La página que buscas no existe.</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Link to="/" className={buttonVariants({ variant: 'outline' })} reloadDocument>
          Ir al inicio
        </Link>
        <Link to="/admin" className={buttonVariants()}>
          Ir al panel
        </Link>
      </div>
    </div>
  )
}
