import { asc, eq, inArray } from 'drizzle-orm'
import { mcqAttemptAnswers, mcqSittings, mcqs } from '../db/schema.ts'
import type { AttemptRow } from './grade-sitting.ts'
import type { GradedQuestion } from './review.ts'
import type { Queryable } from './settings.ts'

export /** Each attempt's graded questions, in the order the learner saw them (a sitting's order, else by id). */
async function gradedQuestions(db: Queryable, rows: AttemptRow[]): Promise<Map<number, GradedQuestion[]>> {
  const byAttempt = new Map<number, GradedQuestion[]>(rows.map((r) => [r.id, []]))
  if (!rows.length) return byAttempt
  const answers = await db
    .select({
      attemptId: mcqAttemptAnswers.attemptId,
      mcqId: mcqAttemptAnswers.mcqId,
      chosen: mcqAttemptAnswers.chosen,
      correct: mcqAttemptAnswers.correct,
      correctOption: mcqs.correctOption,
      explanation: mcqs.explanation,
    })
    .from(mcqAttemptAnswers)
    .innerJoin(mcqs, eq(mcqs.id, mcqAttemptAnswers.mcqId))
    .where(
      inArray(
        mcqAttemptAnswers.attemptId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(mcqs.subTopicId), asc(mcqs.id))
  const sittingIds = [...new Set(rows.map((r) => r.sittingId).filter((id): id is string => id !== null))]
  const order = new Map<number, number>()
  if (sittingIds.length) {
    const sittings = await db.select({ questions: mcqSittings.questions }).from(mcqSittings).where(inArray(mcqSittings.id, sittingIds))
    for (const s of sittings) for (const [i, q] of s.questions.entries()) order.set(q.mcqId, i)
  }
  const position = (mcqId: number) => order.get(mcqId) ?? Number.MAX_SAFE_INTEGER
  const sorted = order.size ? [...answers].sort((a, b) => position(a.mcqId) - position(b.mcqId)) : answers
  for (const a of sorted) {
    byAttempt.get(a.attemptId)!.push({
      mcqId: a.mcqId,
      chosen: a.chosen.split(',').filter(Boolean),
      correct: a.correct,
      correctOption: a.correctOption,
      explanation: a.explanation,
    })
  }
  return byAttempt
}
