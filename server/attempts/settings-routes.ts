import { Hono } from 'hono'
import { testSettingsInput, testSettingsViewSchema } from '../../contract/assessment.ts'
import { idParam } from '../../contract/content.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import type { Guards } from '../auth/guards.ts'
import { ok } from '../http/envelope.ts'
import { validate } from '../http/validate.ts'
import { apiDoc } from '../openapi/api-doc.ts'
import { getSettingsView, putSettings } from './settings.ts'

/** `/subTopic/{id}/test-settings`: read by learners with access and admins, changed by admins. */
export function testSettingsRoutes({ db }: AppDeps, { requireUser, requireAdmin }: Guards) {
  return new Hono<AppEnv>()
    .get(
      '/:id/test-settings',
      apiDoc({ summary: "A sub-topic's test settings, with the caller's attempts used and left", response: testSettingsViewSchema }),
      requireUser,
      validate('param', idParam),
      async (c) => ok(c, await getSettingsView(db, c.var.user, c.req.valid('param').id), 'Test settings fetched'),
    )
    .put(
      '/:id/test-settings',
      apiDoc({ summary: "Change a sub-topic's test settings (fields left out keep their value)", response: testSettingsViewSchema }),
      requireAdmin,
      validate('param', idParam),
      validate('json', testSettingsInput),
      async (c) => ok(c, await putSettings(db, c.var.user, c.req.valid('param').id, c.req.valid('json')), 'Test settings saved'),
    )
}
