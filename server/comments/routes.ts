import { Hono } from 'hono'
import { z } from 'zod'
import { id, idParam, pageQuery } from '../../contract/content.ts'
import { commentInput, commentUpdate, commentSchema, commentSummarySchema, ratingDistributionSchema } from '../../contract/learning.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import type { Guards } from '../auth/guards.ts'
import { ok } from '../http/envelope.ts'
import { validate } from '../http/validate.ts'
import { commentSummary, createComment, deleteComment, listComments, pageComments, ratingDistribution, updateComment } from './service.ts'
import { page } from '../../contract/envelope.ts'
import { apiDoc } from '../openapi/api-doc.ts'

const videoParam = z.object({ videoId: id })

export function commentRoutes({ db, clock }: AppDeps, { requireUser }: Guards) {
  return new Hono<AppEnv>()
    .use(requireUser)
    .post(
      '/',
      apiDoc({ summary: 'Comment on and rate a video', response: commentSchema, status: 201 }),
      validate('json', commentInput),
      async (c) => ok(c, await createComment(db, c.var.user, c.req.valid('json'), clock()), 'Comment created', 201),
    )
    .get(
      '/summary/:videoId',
      apiDoc({ summary: "A video's comment count and average rating", response: commentSummarySchema }),
      validate('param', videoParam),
      async (c) => ok(c, await commentSummary(db, c.var.user, c.req.valid('param').videoId), 'Summary fetched'),
    )
    .get(
      '/ratings/:videoId',
      apiDoc({ summary: "A video's ratings, counted per star", response: ratingDistributionSchema }),
      validate('param', videoParam),
      async (c) => {
        return ok(c, await ratingDistribution(db, c.var.user, c.req.valid('param').videoId), 'Rating distribution fetched')
      },
    )
    .get(
      '/video/:videoId',
      apiDoc({ summary: "A video's comments", response: z.array(commentSchema) }),
      validate('param', videoParam),
      async (c) => ok(c, await listComments(db, c.var.user, c.req.valid('param').videoId), 'Fetched'),
    )
    .get(
      '/video/:videoId/paged',
      apiDoc({ summary: "A page of a video's comments, newest first", response: page(commentSchema) }),
      validate('param', videoParam),
      validate('query', pageQuery),
      async (c) => {
        const { page, size } = c.req.valid('query')
        return ok(c, await pageComments(db, c.var.user, c.req.valid('param').videoId, page, size), 'Paged comments fetched')
      },
    )
    .put(
      '/:id',
      apiDoc({ summary: 'Update your comment', response: commentSchema }),
      validate('param', idParam),
      validate('json', commentUpdate),
      async (c) => {
        return ok(c, await updateComment(db, c.var.user, c.req.valid('param').id, c.req.valid('json'), clock()), 'Updated')
      },
    )
    .delete(
      '/:id',
      apiDoc({ summary: 'Delete a comment (yours, or any for admins)', response: null }),
      validate('param', idParam),
      async (c) => {
        await deleteComment(db, c.var.user, c.req.valid('param').id)
        return ok(c, null, 'Comment deleted')
      },
    )
}
