/**
 * Preload for DOM component tests (their own `bun test` process, see
 * scripts/test.ts). happy-dom replaces fetch/Request/Response/Headers; we put
 * the native ones back so code under test talks to real handlers when needed.
 */
import { GlobalRegistrator } from '@happy-dom/global-registrator'

const native = { fetch, Request, Response, Headers }
GlobalRegistrator.register({ url: 'http://localhost:3000/' })
Object.assign(globalThis, native)

// Unmount what each test rendered, in every file. Testing Library registers this itself only in
// the first file of the process that imports it (Bun evaluates a module once), so a later file's
// screen kept the previous test's page and found every heading twice.
const { afterEach } = await import('bun:test')
const { cleanup } = await import('@testing-library/react')
afterEach(cleanup)
