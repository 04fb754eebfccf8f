/**
 * Imported first by main.tsx, before any schema is built. zod 4 probes whether
 * it may compile parsers with `new Function`; under our Content-Security-Policy
 * (no 'unsafe-eval') the probe is refused and Chromium reports a
 * `securitypolicyviolation` even though zod catches the error. jitless skips the
 * probe (and the compiled fast path, irrelevant for forms this size).
 */
import { config } from 'zod'

config({ jitless: true })
