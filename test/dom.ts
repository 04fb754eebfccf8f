/**
 * Preload for DOM component tests (their own `bun test` process, see
 * scripts/test.ts). happy-dom replaces fetch/Request/Response/Headers; we put
 * the native ones back so code under test talks to real handlers when needed.
 */
import { GlobalRegistrator } from '@happy-dom/global-registrator'

const native = { fetch, Request, Response, Headers }
GlobalRegistrator.register({ url: 'http://localhost:3000/' })
Object.assign(globalThis, native)
