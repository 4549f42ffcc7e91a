import { and, count, eq, inArray, sql } from 'drizzle-orm'
import type { TestSettings } from '../../contract/assessment.ts'
import { mcqAttemptGrants, mcqAttempts, skills, subTopics, topics, userPackages } from '../db/schema.ts'
import type { Queryable } from './settings.ts'

/** Per sub-topic: the learner's graded (non-practice) attempts, and the extra attempts admins gave them. */
export interface AttemptCount {
  used: number
  granted: number
}

/**
 * A learner's attempt counts per sub-topic, in the current cycle of the sub-topic's package: a certificate's renewal
 * cycle starts with the full allowance again (attempts and grants of earlier cycles stay in the history). Callers that
 * enforce a limit hold the learner's lock.
 */
export async function attemptCounts(db: Queryable, userId: number, subTopicIds: number[]): Promise<Map<number, AttemptCount>> {
  const ids = [...new Set(subTopicIds)]
  if (!ids.length) return new Map()
  const [used, granted] = await Promise.all([
    db
      .select({ subTopicId: mcqAttempts.subTopicId, n: count() })
      .from(mcqAttempts)
      .innerJoin(subTopics, eq(subTopics.id, mcqAttempts.subTopicId))
      .innerJoin(topics, eq(topics.id, subTopics.topicId))
      .innerJoin(skills, eq(skills.id, topics.skillId))
      .leftJoin(userPackages, and(eq(userPackages.userId, mcqAttempts.userId), eq(userPackages.packageId, skills.packageId)))
      .where(
        and(
          eq(mcqAttempts.userId, userId),
          eq(mcqAttempts.practice, false),
          inArray(mcqAttempts.subTopicId, ids),
          sql`(${userPackages.cycleStartedAt} is null or ${mcqAttempts.attemptedAt} >= ${userPackages.cycleStartedAt})`,
        ),
      )
      .groupBy(mcqAttempts.subTopicId),
    db
      .select({ subTopicId: mcqAttemptGrants.subTopicId, n: count() })
      .from(mcqAttemptGrants)
      .innerJoin(subTopics, eq(subTopics.id, mcqAttemptGrants.subTopicId))
      .innerJoin(topics, eq(topics.id, subTopics.topicId))
      .innerJoin(skills, eq(skills.id, topics.skillId))
      .leftJoin(userPackages, and(eq(userPackages.userId, mcqAttemptGrants.userId), eq(userPackages.packageId, skills.packageId)))
      .where(
        and(
          eq(mcqAttemptGrants.userId, userId),
          inArray(mcqAttemptGrants.subTopicId, ids),
          sql`(${userPackages.cycleStartedAt} is null or ${mcqAttemptGrants.grantedAt} >= ${userPackages.cycleStartedAt})`,
        ),
      )
      .groupBy(mcqAttemptGrants.subTopicId),
  ])
  const usedBy = new Map(used.map((r) => [r.subTopicId, Number(r.n)]))
  const grantedBy = new Map(granted.map((r) => [r.subTopicId, Number(r.n)]))
  return new Map(ids.map((id) => [id, { used: usedBy.get(id) ?? 0, granted: grantedBy.get(id) ?? 0 }]))
}

/** null when attempts are unlimited; grants add to maxAttempts. */
export const attemptsLeft = (settings: TestSettings, counts: AttemptCount) =>
  settings.maxAttempts === 0 ? null : Math.max(0, settings.maxAttempts + counts.granted - counts.used)
