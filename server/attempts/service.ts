import { and, asc, desc, eq, inArray, max } from 'drizzle-orm'
import type { z } from 'zod'
import type { AttemptResult, ListedAttempt, McqAttempt, attemptInput } from '../../contract/learning.ts'
import { splitCorrect } from '../../contract/media.ts'
import type { Db } from '../db/client.ts'
import type { AuthUser } from '../deps.ts'
import { mcqAttemptAnswers, mcqAttempts, mcqs, subTopics, users } from '../db/schema.ts'
import { assertSubTopicsAccess } from '../auth/access.ts'
import { badRequest, forbidden, notFound } from '../http/errors.ts'

type AttemptRow = typeof mcqAttempts.$inferSelect

const toAttempt = (row: AttemptRow): McqAttempt => ({
  id: row.id,
  userId: row.userId,
  subTopicId: row.subTopicId,
  attemptNumber: row.attemptNumber,
  score: row.score,
  totalMarks: row.totalMarks,
  attemptedAt: new Date(row.attemptedAt).toISOString(),
})

/** SPEC.md §5: a question counts only when the chosen set equals the correct set (order-independent). */
export function isCorrect(chosen: string[], correctOption: string): boolean {
  const want = splitCorrect(correctOption)
  const got = [...new Set(chosen.map((c) => c.toUpperCase()))].sort()
  return want.length === got.length && want.every((letter, i) => letter === got[i])
}

/**
 * Grades a test on the server and stores, in one transaction, one attempt per sub-topic with that
 * sub-topic's own score and total; attempt numbers continue per learner and sub-topic. A repeated
 * submission (same submissionId) returns the stored result instead of storing it twice.
 */
export async function submitAttempt(db: Db, user: AuthUser, input: z.output<typeof attemptInput>, now: Date): Promise<AttemptResult> {
  const subTopicIds = [...new Set(input.subTopicIds)]
  const known = await db.select({ id: subTopics.id }).from(subTopics).where(inArray(subTopics.id, subTopicIds))
  if (known.length !== subTopicIds.length) throw notFound('SubTopic not found')
  await assertSubTopicsAccess(db, user, subTopicIds)

  const questions = await db.select().from(mcqs).where(inArray(mcqs.subTopicId, subTopicIds)).orderBy(asc(mcqs.subTopicId), asc(mcqs.id))
  if (!questions.length) throw badRequest('There are no questions to grade in this test')
  const inTest = new Set(questions.map((q) => q.id))
  const foreign = Object.keys(input.answers)
    .map(Number)
    .filter((id) => !inTest.has(id))
  if (foreign.length)
    throw badRequest(`Question ${foreign.join(', ')} is not part of this test`, { answers: `Unknown question id ${foreign.join(', ')}` })

  const graded = questions.map((q) => {
    const chosen = [...new Set(input.answers[String(q.id)] ?? [])].sort()
    return { mcq: q, chosen, correct: isCorrect(chosen, q.correctOption) }
  })

  const attempts = await db.transaction(async (tx) => {
    // One learner's submissions are serialised, so attempt numbers never collide.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update')
    if (input.submissionId) {
      const stored = await tx
        .select()
        .from(mcqAttempts)
        .where(and(eq(mcqAttempts.userId, user.id), eq(mcqAttempts.submissionId, input.submissionId)))
        .orderBy(asc(mcqAttempts.id))
      if (stored.length) return { rows: stored, replay: true }
    }
    const rows: AttemptRow[] = []
    for (const subTopicId of subTopicIds) {
      const own = graded.filter((g) => g.mcq.subTopicId === subTopicId)
      if (!own.length) continue
      const [last] = await tx
        .select({ n: max(mcqAttempts.attemptNumber) })
        .from(mcqAttempts)
        .where(and(eq(mcqAttempts.userId, user.id), eq(mcqAttempts.subTopicId, subTopicId)))
      const [row] = await tx
        .insert(mcqAttempts)
        .values({
          userId: user.id,
          subTopicId,
          attemptNumber: (last?.n ?? 0) + 1,
          score: own.filter((g) => g.correct).length,
          totalMarks: own.length,
          submissionId: input.submissionId ?? null,
          attemptedAt: now,
        })
        .returning()
      await tx
        .insert(mcqAttemptAnswers)
        .values(own.map((g) => ({ attemptId: row!.id, mcqId: g.mcq.id, chosen: g.chosen.join(','), correct: g.correct })))
      rows.push(row!)
    }
    return { rows, replay: false }
  })

  // A repeated submission answers what was stored the first time, not a grading of the answers sent again.
  if (attempts.replay) return storedResult(db, attempts.rows)
  return {
    score: graded.filter((g) => g.correct).length,
    totalMarks: graded.length,
    attempts: attempts.rows.map(toAttempt),
    review: graded.map((g) => ({ mcqId: g.mcq.id, chosen: g.chosen, correctOption: g.mcq.correctOption, correct: g.correct })),
  }
}

/** The result of a stored submission, rebuilt from its attempts and their per-question answers. */
async function storedResult(db: Db, rows: AttemptRow[]): Promise<AttemptResult> {
  const answers = await db
    .select({
      mcqId: mcqAttemptAnswers.mcqId,
      chosen: mcqAttemptAnswers.chosen,
      correct: mcqAttemptAnswers.correct,
      correctOption: mcqs.correctOption,
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
  return {
    score: rows.reduce((sum, r) => sum + r.score, 0),
    totalMarks: rows.reduce((sum, r) => sum + r.totalMarks, 0),
    attempts: rows.map(toAttempt),
    review: answers.map((a) => ({
      mcqId: a.mcqId,
      chosen: a.chosen.split(',').filter(Boolean),
      correctOption: a.correctOption,
      correct: a.correct,
    })),
  }
}

/** Everyone reads their own attempts by default (never a mix of users); only admins may name another user. */
function ownerFilter(viewer: AuthUser, userId: number | undefined) {
  return viewer.role === 'admin' ? (userId ?? viewer.id) : viewer.id
}

export async function getAttempt(db: Db, viewer: AuthUser, id: number): Promise<McqAttempt> {
  const [row] = await db.select().from(mcqAttempts).where(eq(mcqAttempts.id, id))
  if (!row) throw notFound('McqAttempt not found')
  if (viewer.role !== 'admin' && row.userId !== viewer.id) throw forbidden('You can only see your own attempts')
  return toAttempt(row)
}

export async function listAttempts(
  db: Db,
  viewer: AuthUser,
  filter: { userId?: number; subTopicIds?: number[] },
): Promise<ListedAttempt[]> {
  if (viewer.role !== 'admin' && filter.userId !== undefined && filter.userId !== viewer.id)
    throw forbidden('You can only see your own attempts')
  const owner = ownerFilter(viewer, filter.userId)
  const conditions = [
    eq(mcqAttempts.userId, owner),
    filter.subTopicIds ? inArray(mcqAttempts.subTopicId, filter.subTopicIds.length ? filter.subTopicIds : [-1]) : undefined,
  ]
  const rows = await db
    .select({ attempt: mcqAttempts, subTopicTitle: subTopics.title })
    .from(mcqAttempts)
    .innerJoin(subTopics, eq(subTopics.id, mcqAttempts.subTopicId))
    .where(and(...conditions))
    .orderBy(desc(mcqAttempts.attemptedAt), desc(mcqAttempts.id))
  return rows.map((r) => ({ ...toAttempt(r.attempt), subTopicTitle: r.subTopicTitle }))
}
