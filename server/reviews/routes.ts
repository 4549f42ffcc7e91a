import { Hono } from 'hono'
import { z } from 'zod'
import { idParam } from '../../contract/content.ts'
import { reviewInput, reviewUpdate, targetQuery, targetSummariesQuery, reviewSchema, reviewSummarySchema } from '../../contract/learning.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import type { Guards } from '../auth/guards.ts'
import { ok } from '../http/envelope.ts'
import { validate } from '../http/validate.ts'
import { deleteReview, listReviews, reviewSummaries, reviewSummary, updateReview, upsertReview } from './service.ts'
import { apiDoc } from '../openapi/api-doc.ts'

export function reviewRoutes({ db, clock }: AppDeps, { requireUser }: Guards) {
  return new Hono<AppEnv>()
    .use(requireUser)
    .post(
      '/',
      apiDoc({ summary: 'Review a package or skill (201), or update your review of it (200)', response: reviewSchema, status: [201, 200] }),
      validate('json', reviewInput),
      async (c) => {
        const { review, created } = await upsertReview(db, c.var.user, c.req.valid('json'), clock())
        return ok(c, review, created ? 'Review created' : 'Review updated', created ? 201 : 200)
      },
    )
    .get(
      '/summary',
      apiDoc({ summary: 'Average rating and count of reviews of a package or skill', response: reviewSummarySchema }),
      validate('query', targetQuery),
      async (c) => {
        const { targetType, targetId } = c.req.valid('query')
        return ok(c, await reviewSummary(db, targetType, targetId), 'Review summary fetched')
      },
    )
    .get(
      '/summaries',
      apiDoc({ summary: 'Review summaries of several packages or skills, by id', response: z.record(z.string(), reviewSummarySchema) }),
      validate('query', targetSummariesQuery),
      async (c) => {
        const { targetType, targetIds } = c.req.valid('query')
        return ok(c, await reviewSummaries(db, targetType, targetIds), 'Review summaries fetched')
      },
    )
    .get(
      '/target',
      apiDoc({ summary: 'The reviews of a package or skill', response: z.array(reviewSchema) }),
      validate('query', targetQuery),
      async (c) => {
        const { targetType, targetId } = c.req.valid('query')
        return ok(c, await listReviews(db, targetType, targetId), 'Reviews fetched')
      },
    )
    .put(
      '/:id',
      apiDoc({ summary: 'Update your review', response: reviewSchema }),
      validate('param', idParam),
      validate('json', reviewUpdate),
      async (c) => {
        return ok(c, await updateReview(db, c.var.user, c.req.valid('param').id, c.req.valid('json'), clock()), 'Review updated')
      },
    )
    .delete(
      '/:id',
      apiDoc({ summary: 'Delete a review (yours, or any for admins)', response: null }),
      validate('param', idParam),
      async (c) => {
        await deleteReview(db, c.var.user, c.req.valid('param').id)
        return ok(c, null, 'Review deleted')
      },
    )
}
