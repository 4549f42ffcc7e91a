import { and, count, eq, inArray, isNull } from 'drizzle-orm'
import type { z } from 'zod'
import type { OpenSittingRef, TestOverview, testOverviewQuery } from '../../contract/test-overview.ts'
import type { Db } from '../db/client.ts'
import type { AuthUser } from '../deps.ts'
import { mcqSittings, mcqs } from '../db/schema.ts'
import { lockLearner } from './lock.ts'
import { attemptCounts, attemptsLeft } from './allowance.ts'
import { gradeExpired } from './expiry.ts'
import { loadSettings } from './settings.ts'
import { isOver } from './sitting-clock.ts'
import { type SittingRow, knownSubTopics } from './sittings.ts'
import { setKeyOf } from './start.ts'

const refOf = (row: SittingRow, now: Date): OpenSittingRef => ({
  sittingId: row.id,
  subTopicIds: row.subTopicIds,
  startedAt: row.startedAt.toISOString(),
  deadline: row.deadline?.toISOString() ?? null,
  now: now.toISOString(),
})

/**
 * GET /mcq-attempts/overview: what a test of these sub-topics would be, and the open sitting to resume (or the one
 * of another set that holds some of them, which must be finished first). It never
 * starts a sitting; it grades the learner's sittings of these sub-topics that ran out of time, so the attempts
 * used and left are true.
 */
export async function testOverview(db: Db, user: AuthUser, query: z.output<typeof testOverviewQuery>, now: Date): Promise<TestOverview> {
  const list = await knownSubTopics(db, user, query.subTopicIds)
  const ids = list.map((s) => s.id)
  const open = await db.transaction(async (tx) => {
    await lockLearner(tx, user.id)
    const rows = await tx
      .select()
      .from(mcqSittings)
      .where(and(eq(mcqSittings.userId, user.id), eq(mcqSittings.mode, query.mode), isNull(mcqSittings.gradedAt)))
    const touching = rows.filter((r) => r.subTopicIds.some((id) => ids.includes(id)))
    for (const row of touching.filter((r) => isOver(r, now))) await gradeExpired(now)(tx, row)
    return touching.filter((r) => !isOver(r, now))
  })

  const [settings, used, banks] = await Promise.all([
    loadSettings(db, ids),
    attemptCounts(db, user.id, ids),
    db.select({ subTopicId: mcqs.subTopicId, n: count() }).from(mcqs).where(inArray(mcqs.subTopicId, ids)).groupBy(mcqs.subTopicId),
  ])
  const bankSize = new Map(banks.map((b) => [b.subTopicId, Number(b.n)]))
  const subTopics = list.map(({ id, title }) => {
    const s = settings.get(id)!
    const bank = bankSize.get(id) ?? 0
    const counts = used.get(id)!
    return {
      subTopicId: id,
      title,
      questionCount: s.drawCount > 0 ? Math.min(s.drawCount, bank) : bank,
      timeLimitMinutes: s.timeLimitMinutes,
      passMark: s.passMark,
      maxAttempts: s.maxAttempts,
      attemptsUsed: counts.used,
      attemptsLeft: attemptsLeft(s, counts),
      reviewPolicy: s.reviewPolicy,
      reviewAfterLastAttemptOnly: s.reviewAfterLastAttemptOnly,
    }
  })
  // The screen starts the sub-topics asked for, or only those that can be taken (questions and attempts left).
  const takeable = subTopics.filter((s) => s.questionCount > 0 && (query.mode === 'mistakes' || s.attemptsLeft !== 0))
  const keys = new Set([setKeyOf(ids), setKeyOf(takeable.map((s) => s.subTopicId))])
  // A sub-topic is in one open sitting at a time, so an open sitting of another set that shares one blocks a start:
  // it is named too, for the screen to lead there.
  const resumable = open.find((r) => keys.has(r.setKey)) ?? open[0]
  return { subTopics, openSitting: resumable ? refOf(resumable, now) : null }
}
