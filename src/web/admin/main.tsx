// First: no schema may be built before zod is told not to probe eval (see zod-jitless.ts).
import './zod-jitless'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { App, preloadScreens } from './app'
import { Providers } from './providers'
import { adminWorker, listenForInstallOffer } from './lib/admin-app'

// Installable (issue #43): the browser's offer is kept for 'Instalar'; the worker registered once the page is up.
listenForInstallOffer()
if (window.location.pathname.startsWith('/admin')) {
  if (document.readyState === 'complete') void adminWorker()
  else window.addEventListener('load', () => void adminWorker(), { once: true })
}

const root = document.getElementById('root')
if (root) {
  const render = () =>
    createRoot(root).render(
      <StrictMode>
        <Providers>
          <BrowserRouter>
            <App />
          </BrowserRouter>
        </Providers>
      </StrictMode>,
    )
  // The address's screens (their chunks already preloaded by the shell, decision 020) are
  // loaded first, so the first render shows them; until then the shell's 'Cargando...' stays.
  // A chunk that fails to load fails where it is rendered, as with React.lazy.
  void preloadScreens(window.location.pathname).then(render, render)
}
