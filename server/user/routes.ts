import { Hono } from 'hono'
import type { AppDeps, AppEnv } from '../deps.ts'
import type { Guards } from '../auth/guards.ts'
import { ok } from '../http/envelope.ts'
import { getCurrentUser } from './service.ts'

export function userRoutes(deps: AppDeps, { requireUser }: Guards) {
  return new Hono<AppEnv>().get('/getUserByEmail', requireUser, async (c) => {
    return ok(c, await getCurrentUser(deps.db, c.var.user.id), 'Current User')
  })
}
