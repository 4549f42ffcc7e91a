import { Hono } from 'hono'
import { attemptReviewSchema } from '../../contract/attempt-review.ts'
import { idParam } from '../../contract/content.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import type { Guards } from '../auth/guards.ts'
import { ok } from '../http/envelope.ts'
import { validate } from '../http/validate.ts'
import { apiDoc } from '../openapi/api-doc.ts'
import { attemptReview } from './attempt-review.ts'

/** `/mcq-attempts/{id}/review`: a past attempt's review, under the same policy as right after submitting. */
export function attemptReviewRoutes({ db }: AppDeps, { requireUser }: Guards) {
  return new Hono<AppEnv>().get(
    '/:id/review',
    apiDoc({
      summary:
        'A past attempt (yours, or any for admins) with its questions, choices, and the keys and explanations its review policy allows',
      response: attemptReviewSchema,
    }),
    requireUser,
    validate('param', idParam),
    async (c) => ok(c, await attemptReview(db, c.var.user, c.req.valid('param').id), 'Attempt review'),
  )
}
