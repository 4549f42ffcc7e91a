import { and, count, eq, inArray, sql } from 'drizzle-orm'
import { DEFAULT_TEST_SETTINGS, type TestSettings } from '../../contract/assessment.ts'
import { prepareRaw, preparedOnHandle } from '../db/prepared.ts'
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

/** What the limits and the numbering of a learner's attempts at one sub-topic rest on. */
export interface SubTopicState {
  id: number
  title: string
  /** Whether the learner holds the sub-topic's package. */
  assigned: boolean
  settings: TestSettings
  counts: AttemptCount
  /** The number of the learner's last test attempt, in any cycle (0 before the first). */
  lastNumber: number
}

// The subqueries are correlated: spelled with aliases, as drizzle may leave a column's table out.
const inCycle = (at: string) => sql.raw(`(up.cycle_started_at is null or ${at} >= up.cycle_started_at)`)
const statesStatement = preparedOnHandle((db) => {
  const userId = sql.placeholder('userId')
  return prepareRaw(
    db,
    'sub_topic_states',
    sql`
    select st.id, st.title, up.user_id is not null as assigned,
      ts.pass_mark, ts.max_attempts, ts.time_limit_minutes, ts.shuffle_questions, ts.shuffle_options, ts.draw_count,
      ts.review_policy, ts.review_after_last_attempt_only, ts.scoring,
      (select count(*)::int from mcq_attempts a
        where a.user_id = ${userId} and a.sub_topic_id = st.id and not a.practice and ${inCycle('a.attempted_at')}) as used,
      (select count(*)::int from mcq_attempt_grants g
        where g.user_id = ${userId} and g.sub_topic_id = st.id and ${inCycle('g.granted_at')}) as granted,
      (select coalesce(max(a.attempt_number), 0)::int from mcq_attempts a
        where a.user_id = ${userId} and a.sub_topic_id = st.id and not a.practice) as last_number
    from sub_topics st
    join topics t on t.id = st.topic_id
    join skills sk on sk.id = t.skill_id
    left join user_packages up on up.package_id = sk.package_id and up.user_id = ${userId}
    left join test_settings ts on ts.sub_topic_id = st.id
    where st.id = any(${sql.placeholder('ids')}::integer[])`,
  )
})

/**
 * In one statement, per sub-topic (unknown ids are left out): its title and settings, whether the learner holds its
 * package, their attempt counts in its current cycle (see attemptCounts) and their last attempt number. Callers that
 * enforce a limit or number an attempt hold the learner's lock.
 */
export async function subTopicStates(db: Queryable, userId: number, subTopicIds: number[]): Promise<Map<number, SubTopicState>> {
  const ids = [...new Set(subTopicIds)]
  if (!ids.length) return new Map()
  const result = await statesStatement(db).execute({ userId, ids })
  const rows = (result as unknown as { rows: StateRow[] }).rows
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        title: r.title,
        assigned: r.assigned,
        settings:
          r.pass_mark === null
            ? { ...DEFAULT_TEST_SETTINGS }
            : {
                passMark: r.pass_mark,
                maxAttempts: r.max_attempts!,
                timeLimitMinutes: r.time_limit_minutes!,
                shuffleQuestions: r.shuffle_questions!,
                shuffleOptions: r.shuffle_options!,
                drawCount: r.draw_count!,
                reviewPolicy: r.review_policy!,
                reviewAfterLastAttemptOnly: r.review_after_last_attempt_only!,
                scoring: r.scoring!,
              },
        counts: { used: Number(r.used), granted: Number(r.granted) },
        lastNumber: Number(r.last_number),
      },
    ]),
  )
}

interface StateRow {
  id: number
  title: string
  assigned: boolean
  pass_mark: number | null
  max_attempts: number | null
  time_limit_minutes: number | null
  shuffle_questions: boolean | null
  shuffle_options: boolean | null
  draw_count: number | null
  review_policy: TestSettings['reviewPolicy'] | null
  review_after_last_attempt_only: boolean | null
  scoring: TestSettings['scoring'] | null
  used: number
  granted: number
  last_number: number
}
