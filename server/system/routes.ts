import { Hono } from 'hono'
import { publicConfigSchema } from '../../contract/config.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import { ok } from '../http/envelope.ts'
import { apiDoc } from '../openapi/api-doc.ts'
import { publicConfigOf } from './public-config.ts'

export function systemRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get(
    '/config',
    apiDoc({ summary: 'Runtime settings of the SPA', tags: ['system'], response: publicConfigSchema }),
    (c) => ok(c, publicConfigOf(deps.config), 'Configuration'),
  )
}
