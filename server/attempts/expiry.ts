import { and, eq, isNull, lt } from 'drizzle-orm'
import { createMiddleware } from 'hono/factory'
import { DEADLINE_GRACE_SECONDS } from '../../contract/assessment.ts'
import type { Db } from '../db/client.ts'
import { mcqSittings } from '../db/schema.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import { gradeSitting } from './grade-sitting.ts'
import { lockLearner } from './lock.ts'
import type { Queryable } from './settings.ts'
import { closedSubTopics, isOver } from './sitting-clock.ts'
import type { SittingRow } from './sittings.ts'

/** A sitting left open past its deadline: graded with its saved answers, late; without attempts left, closed. */
export const gradeExpired = (now: Date) => (tx: Queryable, sitting: SittingRow) =>
  gradeSitting(tx, sitting, { answers: sitting.answers, lateSubTopics: closedSubTopics(sitting, now), now, noAttemptsLeft: 'discard' })

/**
 * Grades every sitting past its deadline and grace, each in its own transaction under its learner's lock and
 * re-read under a row lock, so concurrent callers grade each sitting once.
 */
export async function gradeDueSittings(db: Db, now: Date) {
  const cutoff = new Date(now.getTime() - DEADLINE_GRACE_SECONDS * 1000)
  const due = await db
    .select({ id: mcqSittings.id, userId: mcqSittings.userId })
    .from(mcqSittings)
    .where(and(isNull(mcqSittings.gradedAt), lt(mcqSittings.deadline, cutoff)))
  for (const { id, userId } of due) {
    await db.transaction(async (tx) => {
      await lockLearner(tx, userId)
      const [row] = await tx
        .select()
        .from(mcqSittings)
        .where(and(eq(mcqSittings.id, id), isNull(mcqSittings.gradedAt)))
        .for('update')
      if (row && isOver(row, now)) await gradeExpired(now)(tx, row)
    })
  }
}

/** Reads under these paths see attempts, limits or progress: expired sittings are graded before them. */
const READS_AFTER_GRADING = /^\/api\/(mcq-attempts|progress|reports|subTopic)(\/|$)/

/**
 * The job engine grades expired sittings every tick (server/jobs); a read that could show their outcome grades them
 * first as well, so it never shows a sitting that expired since the last tick as still open.
 */
export function gradeExpiredBeforeReads({ db, clock }: AppDeps) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (c.req.method === 'GET' && READS_AFTER_GRADING.test(c.req.path)) await gradeDueSittings(db, clock())
    await next()
  })
}
