import { Hono } from 'hono'
import { certificateSettingsSchema } from '../../contract/certificates.ts'
import { idParam } from '../../contract/content.ts'
import type { Guards } from '../auth/guards.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import { ok } from '../http/envelope.ts'
import { validate } from '../http/validate.ts'
import { apiDoc } from '../openapi/api-doc.ts'
import { getCertificateSettings, saveCertificateSettings } from './settings.ts'

const tags = ['certificates']

/** `/packages/{id}/certificate-settings`: admins only. */
export function certificateSettingsRoutes({ db }: AppDeps, { requireAdmin }: Guards) {
  return new Hono<AppEnv>()
    .get(
      '/:id/certificate-settings',
      apiDoc({ summary: "A package's certificate settings (defaults when never saved)", tags, response: certificateSettingsSchema }),
      requireAdmin,
      validate('param', idParam),
      async (c) => ok(c, await getCertificateSettings(db, c.req.valid('param').id), 'Certificate settings'),
    )
    .put(
      '/:id/certificate-settings',
      apiDoc({
        summary: "Change a package's certificate settings (certificates already issued keep their dates)",
        tags,
        response: certificateSettingsSchema,
      }),
      requireAdmin,
      validate('param', idParam),
      validate('json', certificateSettingsSchema),
      async (c) => ok(c, await saveCertificateSettings(db, c.req.valid('param').id, c.req.valid('json')), 'Certificate settings saved'),
    )
}
