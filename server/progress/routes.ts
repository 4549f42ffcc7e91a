import { Hono } from 'hono'
import { z } from 'zod'
import {
  heartbeatInput,
  learnerProgressRowSchema,
  learnersQuery,
  packageIdParam,
  packageProgressQuery,
  packageProgressSchema,
  videoIdParam,
  videoProgressSchema,
} from '../../contract/progress.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import type { Guards } from '../auth/guards.ts'
import { ok } from '../http/envelope.ts'
import { validate } from '../http/validate.ts'
import { apiDoc } from '../openapi/api-doc.ts'
import { learnersCsv } from './csv.ts'
import { getLearnersProgress, getPackageProgress, getVideoProgress, recordHeartbeat } from './service.ts'

export function progressRoutes(deps: AppDeps, { requireUser, requireAdmin }: Guards) {
  return new Hono<AppEnv>()
    .put(
      '/videos/:videoId',
      apiDoc({ summary: 'Record a heartbeat: the position and the ranges played since the last one', response: videoProgressSchema }),
      requireUser,
      validate('param', videoIdParam),
      validate('json', heartbeatInput),
      async (c) => ok(c, await recordHeartbeat(deps, c.var.user, c.req.valid('param').videoId, c.req.valid('json')), 'Progress recorded'),
    )
    .get(
      '/videos/:videoId',
      apiDoc({ summary: "The caller's progress in a video", response: videoProgressSchema }),
      requireUser,
      validate('param', videoIdParam),
      async (c) => ok(c, await getVideoProgress(deps, c.var.user, c.req.valid('param').videoId), 'Video progress'),
    )
    .get(
      '/packages/:packageId',
      apiDoc({ summary: "The caller's progress in a package (admins: any learner's with userId)", response: packageProgressSchema }),
      requireUser,
      validate('param', packageIdParam),
      validate('query', packageProgressQuery),
      async (c) =>
        ok(c, await getPackageProgress(deps, c.var.user, c.req.valid('param').packageId, c.req.valid('query').userId), 'Package progress'),
    )
    .get(
      '/packages/:packageId/learners',
      apiDoc({
        summary: "Every assigned learner's progress in a package; ?format=csv gives it as CSV",
        response: z.array(learnerProgressRowSchema),
      }),
      requireAdmin,
      validate('param', packageIdParam),
      validate('query', learnersQuery),
      async (c) => {
        const { packageId } = c.req.valid('param')
        const rows = await getLearnersProgress(deps, packageId)
        if (c.req.valid('query').format === 'csv') {
          return c.body(learnersCsv(rows), 200, {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': `attachment; filename="progress-package-${packageId}.csv"`,
          })
        }
        return ok(c, rows, 'Learners progress')
      },
    )
}
