import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useState, type ReactNode } from 'react'
import { createQueryClient } from './lib/query-client'

/* The toast store (use-toast) is tiny and in the entry; the Radix viewport loads
   after first paint. Toasts raised before it arrives are kept and shown then. */
const Toaster = lazy(() => import('@/web/ui/toaster').then((m) => ({ default: m.Toaster })))

/** Query cache and the toast viewport around the whole SPA (tooltips live in the admin layout). */
export function Providers({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient())
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  )
}
