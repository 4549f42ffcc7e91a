import { Hono } from 'hono'
import { idParam } from '../../contract/content.ts'
import { reviewInput, reviewUpdate, targetQuery, targetSummariesQuery } from '../../contract/learning.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import type { Guards } from '../auth/guards.ts'
import { ok } from '../http/envelope.ts'
import { validate } from '../http/validate.ts'
import { deleteReview, listReviews, reviewSummaries, reviewSummary, updateReview, upsertReview } from './service.ts'

export function reviewRoutes({ db, clock }: AppDeps, { requireUser }: Guards) {
  return new Hono<AppEnv>()
    .use(requireUser)
    .post('/', validate('json', reviewInput), async (c) => {
      const { review, created } = await upsertReview(db, c.var.user, c.req.valid('json'), clock())
      return ok(c, review, created ? 'Review created' : 'Review updated', created ? 201 : 200)
    })
    .get('/summary', validate('query', targetQuery), async (c) => {
      const { targetType, targetId } = c.req.valid('query')
      return ok(c, await reviewSummary(db, targetType, targetId), 'Review summary fetched')
    })
    .get('/summaries', validate('query', targetSummariesQuery), async (c) => {
      const { targetType, targetIds } = c.req.valid('query')
      return ok(c, await reviewSummaries(db, targetType, targetIds), 'Review summaries fetched')
    })
    .get('/target', validate('query', targetQuery), async (c) => {
      const { targetType, targetId } = c.req.valid('query')
      return ok(c, await listReviews(db, targetType, targetId), 'Reviews fetched')
    })
    .put('/:id', validate('param', idParam), validate('json', reviewUpdate), async (c) => {
      return ok(c, await updateReview(db, c.var.user, c.req.valid('param').id, c.req.valid('json'), clock()), 'Review updated')
    })
    .delete('/:id', validate('param', idParam), async (c) => {
      await deleteReview(db, c.var.user, c.req.valid('param').id)
      return ok(c, null, 'Review deleted')
    })
}
