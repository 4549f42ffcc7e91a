import { Hono } from 'hono'
import { z } from 'zod'
import { commaSeparatedIds, id } from '../../contract/content.ts'
import { attemptDetailSchema, attemptInput, attemptResultSchema, listedAttemptSchema } from '../../contract/learning.ts'
import {
  attemptGrantSchema,
  autosaveInput,
  autosaveResultSchema,
  grantInput,
  grantResultSchema,
  grantsQuery,
  sittingParam,
  sittingSchema,
  startInput,
} from '../../contract/assessment.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import type { Guards } from '../auth/guards.ts'
import { ok } from '../http/envelope.ts'
import { validate } from '../http/validate.ts'
import { getAttempt, listAttempts } from './reads.ts'
import { submitAttempt } from './submit.ts'
import { autosave, getSitting } from './sittings.ts'
import { startSitting } from './start.ts'
import { grantAttempt, listGrants } from './grants.ts'
import { apiDoc } from '../openapi/api-doc.ts'

const optionalUser = { userId: id.optional() }
const idList = commaSeparatedIds('ids')

export function attemptRoutes({ db, clock }: AppDeps, { requireUser, requireAdmin }: Guards) {
  return new Hono<AppEnv>()
    .use(requireUser)
    .post(
      '/start',
      apiDoc({
        summary:
          'Start a test (or resume the open one for the same sub-topics): questions drawn, ordered and timed on the server. ' +
          '409 when a sub-topic is already in another open test, when 10 tests are open or no attempts are left; ' +
          "429 after 20 new sittings in 10 minutes; 'mistakes' mode is a 403 until the answers may be seen",
        response: sittingSchema,
        status: 201,
      }),
      validate('json', startInput),
      async (c) => ok(c, await startSitting(db, c.var.user, c.req.valid('json'), clock()), 'Test started', 201),
    )
    .get(
      '/sittings/:sittingId',
      apiDoc({ summary: 'Your sitting: its questions, saved answers and deadline (a reload resumes)', response: sittingSchema }),
      validate('param', sittingParam),
      async (c) => ok(c, await getSitting(db, c.var.user, c.req.valid('param').sittingId, clock()), 'Sitting found'),
    )
    .put(
      '/sittings/:sittingId/answers',
      apiDoc({ summary: "Autosave a sitting's answers (409 'Time is up' after the deadline plus 30 s)", response: autosaveResultSchema }),
      validate('param', sittingParam),
      validate('json', autosaveInput),
      async (c) => ok(c, await autosave(db, c.var.user, c.req.valid('param').sittingId, c.req.valid('json'), clock()), 'Answers saved'),
    )
    .post(
      '/create',
      apiDoc({
        summary: 'Submit a sitting (or, where allowed, a legacy test): graded on the server, one attempt per sub-topic',
        response: attemptResultSchema,
        status: 201,
      }),
      validate('json', attemptInput),
      async (c) => ok(c, await submitAttempt(db, c.var.user, c.req.valid('json'), clock()), 'MCQ Attempt Saved', 201),
    )
    .get(
      '/getById',
      apiDoc({ summary: 'An attempt (yours, or any for admins), with what its review policy allows', response: attemptDetailSchema }),
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
    .post(
      '/grants',
      apiDoc({
        summary: "Give a learner one more attempt at a sub-topic's test (admins; recorded with who and when)",
        response: grantResultSchema,
        status: 201,
      }),
      requireAdmin,
      validate('json', grantInput),
      async (c) => ok(c, await grantAttempt(db, c.var.user, c.req.valid('json'), clock()), 'One more attempt granted', 201),
    )
    .get(
      '/grants',
      apiDoc({ summary: "A learner's extra attempts, newest first (admins)", response: z.array(attemptGrantSchema) }),
      requireAdmin,
      validate('query', grantsQuery),
      async (c) => ok(c, await listGrants(db, c.req.valid('query').userId), 'Extra attempts'),
    )
}
