import { Hono } from 'hono'
import { z } from 'zod'
import { id, idParam } from '../../contract/content.ts'
import { TARGET_TYPES, reviewInput, reviewUpdate, targetQuery } from '../../contract/learning.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import type { Guards } from '../auth/guards.ts'
import { ok } from '../http/envelope.ts'
import { validate, validationError } from '../http/validate.ts'
import { deleteReview, listReviews, reviewSummaries, reviewSummary, updateReview, upsertReview } from './service.ts'

const summariesQuery = z.object({
  targetType: z
    .string()
    .transform((v) => v.trim().toUpperCase())
    .pipe(z.enum(TARGET_TYPES, { error: 'targetType must be PACKAGE or SKILL' })),
  targetIds: z.array(id).max(1000),
})

export function reviewRoutes({ db }: AppDeps, { requireUser }: Guards) {
  return new Hono<AppEnv>()
    .use(requireUser)
    .post('/', validate('json', reviewInput), async (c) => {
      const { review, created } = await upsertReview(db, c.var.user, c.req.valid('json'))
      return ok(c, review, created ? 'Review created' : 'Review updated', created ? 201 : 200)
    })
    .get('/summary', validate('query', targetQuery), async (c) => {
      const { targetType, targetId } = c.req.valid('query')
      return ok(c, await reviewSummary(db, targetType, targetId), 'Review summary fetched')
    })
    .get('/summaries', async (c) => {
      const parsed = summariesQuery.safeParse({ targetType: c.req.query('targetType') ?? '', targetIds: c.req.queries('targetIds') ?? [] })
      if (!parsed.success) throw validationError(parsed.error)
      return ok(c, await reviewSummaries(db, parsed.data.targetType, parsed.data.targetIds), 'Review summaries fetched')
    })
    .get('/target', validate('query', targetQuery), async (c) => {
      const { targetType, targetId } = c.req.valid('query')
      return ok(c, await listReviews(db, targetType, targetId), 'Reviews fetched')
    })
    .put('/:id', validate('param', idParam), validate('json', reviewUpdate), async (c) => {
      return ok(c, await updateReview(db, c.var.user, c.req.valid('param').id, c.req.valid('json')), 'Review updated')
    })
    .delete('/:id', validate('param', idParam), async (c) => {
      await deleteReview(db, c.var.user, c.req.valid('param').id)
      return ok(c, null, 'Review deleted')
    })
}
