import { eq, inArray } from 'drizzle-orm'
import type { AttemptReview } from '../../contract/attempt-review.ts'
import { parseOptions } from '../../contract/media.ts'
import type { Db } from '../db/client.ts'
import type { AuthUser } from '../deps.ts'
import { mcqAttempts, mcqSittings, mcqs, subTopics } from '../db/schema.ts'
import { shownLetters } from './draw.ts'
import { getAttempt } from './reads.ts'

/**
 * GET /mcq-attempts/{id}/review: the attempt (yours, or any for admins) with its questions as the learner saw them,
 * under the review policy as it stands now: the policy is applied by getAttempt, so no key leaves the server
 * where it hides them, and below 'answers' no question is listed.
 */
export async function attemptReview(db: Db, viewer: AuthUser, attemptId: number): Promise<AttemptReview> {
  const detail = await getAttempt(db, viewer, attemptId)
  const { review, ...attempt } = detail
  const [place] = await db
    .select({ sittingId: mcqAttempts.sittingId, subTopicTitle: subTopics.title })
    .from(mcqAttempts)
    .innerJoin(subTopics, eq(subTopics.id, mcqAttempts.subTopicId))
    .where(eq(mcqAttempts.id, attemptId))
  const shown = { attempt: { ...attempt, subTopicTitle: place!.subTopicTitle }, questions: [] }
  if (!review.length) return shown

  const texts = await db
    .select({ id: mcqs.id, subTopicId: mcqs.subTopicId, question: mcqs.question, options: mcqs.options })
    .from(mcqs)
    .where(
      inArray(
        mcqs.id,
        review.map((r) => r.mcqId),
      ),
    )
  const byId = new Map(texts.map((q) => [q.id, q]))
  const orderOf = new Map<number, string[]>()
  if (place!.sittingId) {
    const [sitting] = await db.select({ questions: mcqSittings.questions }).from(mcqSittings).where(eq(mcqSittings.id, place!.sittingId))
    for (const q of sitting?.questions ?? []) orderOf.set(q.mcqId, q.optionOrder)
  }
  return {
    ...shown,
    questions: review.flatMap((item) => {
      const mcq = byId.get(item.mcqId)
      if (!mcq) return []
      const options = parseOptions(mcq.options) as Record<string, string>
      const order = (orderOf.get(mcq.id) ?? shownLetters(mcq.options)).filter((key) => options[key] !== undefined)
      return [
        {
          id: mcq.id,
          subTopicId: mcq.subTopicId,
          question: mcq.question,
          options: order.map((key) => ({ key, text: options[key]! })),
          review: item,
        },
      ]
    }),
  }
}
