import type { $ZodConfig } from 'zod/v4/core'

// Zod compiles object parsers with `new Function` when it can, and finds out by trying: under the server's CSP (no
// 'unsafe-eval') that try is a CSP violation in the browser's Issues panel. Parsing without eval is fast enough here.
// The setting is read when a schema is built, so it must precede every schema: main.tsx imports this first. It is
// written where every copy of zod reads its global config (zod's own `config()` would pull ~4 kB gzip of zod into the
// landing screen's first load); tests/e2e/csp.spec.ts fails if zod stops reading it.
const global = globalThis as { __zod_globalConfig?: $ZodConfig }
global.__zod_globalConfig = { ...global.__zod_globalConfig, jitless: true }
