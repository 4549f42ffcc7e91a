import { Hono } from 'hono'
import { testOverviewQuery, testOverviewSchema } from '../../contract/test-overview.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import type { Guards } from '../auth/guards.ts'
import { ok } from '../http/envelope.ts'
import { validate } from '../http/validate.ts'
import { apiDoc } from '../openapi/api-doc.ts'
import { testOverview } from './overview.ts'

/** `/mcq-attempts/overview`: what a test screen shows before anything starts (reads only, never starts a sitting). */
export function testOverviewRoutes({ db, clock }: AppDeps, { requireUser }: Guards) {
  return new Hono<AppEnv>().get(
    '/overview',
    apiDoc({
      summary: "Before a test starts: each sub-topic's questions, time limit, attempts and review policy, and the open sitting to resume",
      response: testOverviewSchema,
    }),
    requireUser,
    validate('query', testOverviewQuery),
    async (c) => ok(c, await testOverview(db, c.var.user, c.req.valid('query'), clock()), 'Test overview'),
  )
}
