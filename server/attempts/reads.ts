import { and, desc, eq, inArray } from 'drizzle-orm'
import type { AttemptDetail, ListedAttempt } from '../../contract/learning.ts'
import type { Db } from '../db/client.ts'
import type { AuthUser } from '../deps.ts'
import { mcqAttempts, subTopics } from '../db/schema.ts'
import { forbidden, notFound } from '../http/errors.ts'
import { gradedQuestions } from './graded-questions.ts'
import { practiceLevel, reviewLevels, shownAttempt, shownReview } from './review.ts'

/** Everyone reads their own attempts by default (never a mix of users); only admins may name another user. */
function ownerFilter(viewer: AuthUser, userId: number | undefined) {
  return viewer.role === 'admin' ? (userId ?? viewer.id) : viewer.id
}

/** GET /mcq-attempts/getById: the attempt and, as its policy allows now, its questions' review. */
export async function getAttempt(db: Db, viewer: AuthUser, id: number): Promise<AttemptDetail> {
  const [row] = await db.select().from(mcqAttempts).where(eq(mcqAttempts.id, id))
  if (!row) throw notFound('McqAttempt not found')
  if (viewer.role !== 'admin' && row.userId !== viewer.id) throw forbidden('You can only see your own attempts')
  const allowed = (await reviewLevels(db, viewer, row.userId, [row.subTopicId])).get(row.subTopicId)!
  const level = row.practice ? practiceLevel(allowed) : allowed
  const questions = await gradedQuestions(db, [row])
  return { ...shownAttempt(row, level), review: shownReview(questions.get(row.id)!, level) }
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
    eq(mcqAttempts.practice, false),
    filter.subTopicIds ? inArray(mcqAttempts.subTopicId, filter.subTopicIds.length ? filter.subTopicIds : [-1]) : undefined,
  ]
  const rows = await db
    .select({ attempt: mcqAttempts, subTopicTitle: subTopics.title })
    .from(mcqAttempts)
    .innerJoin(subTopics, eq(subTopics.id, mcqAttempts.subTopicId))
    .where(and(...conditions))
    .orderBy(desc(mcqAttempts.attemptedAt), desc(mcqAttempts.id))
  const levels = await reviewLevels(
    db,
    viewer,
    owner,
    rows.map((r) => r.attempt.subTopicId),
  )
  return rows.map((r) => ({ ...shownAttempt(r.attempt, levels.get(r.attempt.subTopicId)!), subTopicTitle: r.subTopicTitle }))
}
