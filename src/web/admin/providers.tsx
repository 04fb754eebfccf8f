import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react'
import { createQueryClient } from './lib/query-client'

/* The toast store (use-toast) is tiny; the Radix viewport (20 KB, its own chunk) is
   mounted once the page has loaded and the browser is idle, so it never shares a slow
   phone's bandwidth with the screen being opened. Toasts raised before it arrives are
   kept and shown then. */
const Toaster = lazy(() => import('@/web/ui/toaster').then((m) => ({ default: m.Toaster })))

/** Calls `run` once the document has loaded and the main thread is idle. */
function afterLoad(run: () => void): () => void {
  let idle: number | undefined
  const schedule = () => {
    idle = typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 2000 }) : window.setTimeout(run, 200)
  }
  if (document.readyState === 'complete') schedule()
  else window.addEventListener('load', schedule, { once: true })
  return () => {
    window.removeEventListener('load', schedule)
    if (idle === undefined) return
    if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idle)
    else window.clearTimeout(idle)
  }
}

/** Query cache and the toast viewport around the whole SPA (tooltips live in the admin layout). */
export function Providers({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient())
  const [toaster, setToaster] = useState(false)
  useEffect(() => afterLoad(() => setToaster(true)), [])
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {toaster ? (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      ) : null}
    </QueryClientProvider>
  )
}
