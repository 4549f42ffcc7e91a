import { Hono } from 'hono'
import type { PublicConfig } from '../../contract/config.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import { ok } from '../http/envelope.ts'

export function systemRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/config', (c) => {
    const config: PublicConfig = { googleClientId: deps.config.google.clientId ?? null }
    return ok(c, config, 'Configuration')
  })
}
