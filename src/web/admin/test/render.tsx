/** Helpers for the admin component tests (happy-dom, see test/dom.ts). */
import { QueryClientProvider } from '@tanstack/react-query'
import { render, type RenderResult } from '@testing-library/react'
import type { ReactElement } from 'react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { Toaster } from '@/web/ui/toaster'
import { resetToasts } from '@/web/ui/use-toast'
import { createQueryClient } from '../lib/query-client'

type Handler = (req: Request) => Response | Promise<Response>
/** `url` is the path and its query string, percent-decoded so that assertions read like the address (status=pending,ready). */
type FetchCall = { method: string; path: string; url: string; body: string }

/** Replaces fetch with `handler`; records every call. Returns the log and a restore function. */
export function mockFetch(handler: Handler) {
  const original = globalThis.fetch
  const calls: FetchCall[] = []
  const fake = async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(new URL(String(input instanceof Request ? input.url : input), 'http://localhost:3000'), {
      method: init?.method ?? 'GET',
      headers: init?.headers,
      body: typeof init?.body === 'string' ? init.body : undefined,
    })
    const body = init?.body instanceof FormData ? '[form-data]' : typeof init?.body === 'string' ? init.body : ''
    const { pathname, search } = new URL(req.url)
    calls.push({ method: req.method, path: pathname, url: pathname + decodeURIComponent(search), body })
    return handler(req)
  }
  globalThis.fetch = Object.assign(fake, { preconnect: () => {} }) as typeof fetch
  return { calls, restore: () => (globalThis.fetch = original) }
}

export const json = (data: unknown, status = 200) => Response.json(data, { status })

/** Renders `ui` with a fresh query cache, the toaster and a memory router at `path`. */
export function renderAdmin(ui: ReactElement, { path = '/', routes = [] }: { path?: string; routes?: { path: string; element: ReactElement }[] } = {}): RenderResult {
  resetToasts()
  const client = createQueryClient()
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={path} element={ui} />
          {routes.map((r) => (
            <Route key={r.path} path={r.path} element={r.element} />
          ))}
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  )
}
