import type { PublicConfig } from '../../contract/config.ts'
import type { Config } from '../config.ts'

/** What the SPA may know of the server's settings: GET /api/config, and written into index.html (server/http/spa-index.ts). */
export const publicConfigOf = (config: Config): PublicConfig => ({
  googleClientId: config.google.clientId ?? null,
  currency: config.currency,
})
