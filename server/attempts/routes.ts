import { Hono } from 'hono'
import { z } from 'zod'
import { id } from '../../contract/content.ts'
import { attemptInput, attemptResultSchema, listedAttemptSchema, mcqAttemptSchema } from '../../contract/learning.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import type { Guards } from '../auth/guards.ts'
import { ok } from '../http/envelope.ts'
import { validate } from '../http/validate.ts'
import { getAttempt, listAttempts, submitAttempt } from './service.ts'
import { apiDoc } from '../openapi/api-doc.ts'

const optionalUser = { userId: id.optional() }
/** `ids=1,2,3` (one comma-separated value). */
const idList = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : v,
  z.array(id, { error: 'ids must be a comma-separated list of ids' }).min(1, 'ids is required').max(500),
)

export function attemptRoutes({ db, clock }: AppDeps, { requireUser }: Guards) {
  return new Hono<AppEnv>()
    .use(requireUser)
    .post(
      '/create',
      apiDoc({
        summary: 'Submit a test: graded on the server, one attempt stored per sub-topic',
        response: attemptResultSchema,
        status: 201,
      }),
      validate('json', attemptInput),
      async (c) => ok(c, await submitAttempt(db, c.var.user, c.req.valid('json'), clock()), 'MCQ Attempt Saved', 201),
    )
    .get(
      '/getById',
      apiDoc({ summary: 'An attempt (yours, or any for admins)', response: mcqAttemptSchema }),
      validate('query', z.object({ id })),
      async (c) => ok(c, await getAttempt(db, c.var.user, c.req.valid('query').id), 'MCQ Attempt Found'),
    )
    .get(
      '/byUser',
      apiDoc({ summary: "A user's attempts (yours, or anyone's for admins)", response: z.array(listedAttemptSchema) }),
      validate('query', z.object({ userId: id })),
      async (c) => {
        return ok(c, await listAttempts(db, c.var.user, { userId: c.req.valid('query').userId }), 'Attempts by User')
      },
    )
    .get(
      '/bySubTopic',
      apiDoc({ summary: 'Attempts at a sub-topic (yours; admins may pass userId)', response: z.array(listedAttemptSchema) }),
      validate('query', z.object({ subTopicId: id, ...optionalUser })),
      async (c) => {
        const { subTopicId, userId } = c.req.valid('query')
        return ok(c, await listAttempts(db, c.var.user, { userId, subTopicIds: [subTopicId] }), 'Attempts by SubTopic')
      },
    )
    .get(
      '/byMultipleSubTopicIds',
      apiDoc({ summary: 'Attempts at several sub-topics (yours; admins may pass userId)', response: z.array(listedAttemptSchema) }),
      validate('query', z.object({ ids: idList, ...optionalUser })),
      async (c) => {
        const { ids, userId } = c.req.valid('query')
        return ok(c, await listAttempts(db, c.var.user, { userId, subTopicIds: ids }), 'Attempts by multiple SubTopic IDs')
      },
    )
}
