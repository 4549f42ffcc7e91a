import { config } from 'zod'

// Zod compiles object parsers with `new Function` when it can, and finds out by trying: under the server's CSP (no
// 'unsafe-eval') that try is a CSP violation in the browser's Issues panel. Parsing without eval is fast enough here.
// Imported first by main.tsx: the setting is read when a schema is built, so it must precede every schema.
config({ jitless: true })
