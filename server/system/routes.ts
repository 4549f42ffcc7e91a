import { Hono } from 'hono'
import { publicConfigSchema, type PublicConfig } from '../../contract/config.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import { ok } from '../http/envelope.ts'
import { apiDoc } from '../openapi/api-doc.ts'

export function systemRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get(
    '/config',
    apiDoc({ summary: 'Runtime settings of the SPA', tags: ['system'], response: publicConfigSchema }),
    (c) => {
      const config: PublicConfig = { googleClientId: deps.config.google.clientId ?? null }
      return ok(c, config, 'Configuration')
    },
  )
}
