import { Hono } from 'hono'
import { cors } from 'hono/cors'
import { z } from 'zod'
import { id, idParam, scormPackageSchema } from '../../contract/content.ts'
import { scoProgressSchema, scormCommitInput, scormLaunchInput, scormLaunchSchema, scormRuntimeStateSchema } from '../../contract/scorm.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import type { Guards } from '../auth/guards.ts'
import { ok } from '../http/envelope.ts'
import { validate } from '../http/validate.ts'
import { uploadRequest } from '../http/upload-request.ts'
import { apiDoc } from '../openapi/api-doc.ts'
import { commit, initialise, launchSco, runtimeScope } from './runtime.ts'
import { deleteScormPackage, uploadScormPackage } from './service.ts'
import { bearerToken } from '../auth/bearer.ts'

/** POST /subTopic/{id}/scorm. */
export function scormUploadRoutes(deps: AppDeps, { requireAdmin }: Guards) {
  return new Hono<AppEnv>().post(
    '/:id/scorm',
    apiDoc({
      summary: 'Upload a SCORM 1.2 or 2004 package (.zip, at most 500 MB) to a sub-topic',
      description:
        'Refused with a 400 naming the reason: no imsmanifest.xml at the root, a schema version that is neither SCORM 1.2 nor 2004, a launch file missing, an entry path that escapes the package, a zip bomb, more than 20,000 entries. Nothing is stored for a refused upload.',
      response: scormPackageSchema,
      status: 201,
      tags: ['scorm'],
      upload: { files: { file: 'a SCORM package (.zip)' } },
    }),
    requireAdmin,
    validate('param', z.object({ id })),
    async (c) =>
      ok(c, await uploadScormPackage(deps, c.req.valid('param').id, uploadRequest(c)), 'SCORM package uploaded successfully', 201),
  )
}

const RUNTIME_DESCRIPTION =
  'Called by the launcher page on the SCORM content origin, with `Authorization: Bearer <launch token>` (the token in the launcher’s URL, scoped to one user and one SCO). Session tokens are refused here, and launch tokens everywhere else.'

/** /scorm: delete, launch, and the runtime's two calls. */
export function scormRoutes(deps: AppDeps, { requireUser, requireAdmin }: Guards) {
  // Only the content origin may call the runtime across origins; every other API route sends no CORS headers at all.
  const runtimeCors = cors({
    origin: deps.config.scormContent.origin,
    allowMethods: ['GET', 'POST'],
    allowHeaders: ['Authorization', 'Content-Type'],
    maxAge: 600,
  })
  return new Hono<AppEnv>()
    .use('/runtime', runtimeCors)
    .get(
      '/runtime',
      apiDoc({
        summary: 'The SCO’s run-time data at initialise (learner, entry, saved data)',
        description: RUNTIME_DESCRIPTION,
        response: scormRuntimeStateSchema,
      }),
      async (c) => {
        const scope = await runtimeScope(deps, bearerToken(c.req.header('authorization')))
        return ok(c, await initialise(deps, scope), 'SCORM run-time data fetched')
      },
    )
    .post(
      '/runtime',
      apiDoc({
        summary: 'Commit the SCO’s run-time data (the data model flattened), validated against the edition’s types and vocabularies',
        description: RUNTIME_DESCRIPTION,
        response: scoProgressSchema,
      }),
      validate('json', scormCommitInput),
      async (c) => {
        const scope = await runtimeScope(deps, bearerToken(c.req.header('authorization')))
        return ok(c, await commit(deps, scope, c.req.valid('json')), 'SCORM data committed')
      },
    )
    .post(
      '/:id/launch',
      apiDoc({
        summary: 'Open a SCO of a package: the launcher URL on the content origin, with a launch token',
        response: scormLaunchSchema,
      }),
      requireUser,
      validate('param', idParam),
      validate('json', scormLaunchInput),
      async (c) => ok(c, await launchSco(deps, c.var.user, c.req.valid('param').id, c.req.valid('json').scoId), 'SCORM launch ready'),
    )
    .delete(
      '/:id',
      apiDoc({ summary: 'Delete a SCORM package, its learners’ data and its files', response: null }),
      requireAdmin,
      validate('param', idParam),
      async (c) => {
        await deleteScormPackage(deps, c.req.valid('param').id)
        return ok(c, null, 'SCORM package deleted successfully')
      },
    )
}
