import { and, eq, isNull, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { preparedOnHandle } from '../db/prepared.ts'
import { userPackages } from '../db/schema.ts'
import { issueCertificateIfEnabled } from '../certificates/issue.ts'
import { packagePercents, type LearnerPackage } from '../progress/records.ts'

/** The caller's transaction (or the database): the completion and what follows it commit with the write that caused it. */
type Writer = Pick<Db, 'select' | 'insert' | 'update' | 'execute'>

/** Of these (user, package) pairs, the assignments not completed yet. */
const openAssignments = preparedOnHandle((tx) =>
  tx
    .select({ userId: userPackages.userId, packageId: userPackages.packageId })
    .from(userPackages)
    .where(
      and(
        isNull(userPackages.completedAt),
        sql`(${userPackages.userId}, ${userPackages.packageId}) in (select * from unnest(${sql.placeholder('userIds')}::integer[], ${sql.placeholder('packageIds')}::integer[]))`,
      ),
    )
    .prepare('open_assignments'),
)

/** The learner's assignments not completed yet whose packages hold any of these sub-topics. */
const openAssignmentsOfSubTopics = preparedOnHandle((tx) =>
  tx
    .select({ userId: userPackages.userId, packageId: userPackages.packageId })
    .from(userPackages)
    .where(
      and(
        eq(userPackages.userId, sql.placeholder('userId')),
        isNull(userPackages.completedAt),
        sql`${userPackages.packageId} in (select sk.package_id from sub_topics st
          join topics t on t.id = st.topic_id join skills sk on sk.id = t.skill_id
          where st.id = any(${sql.placeholder('subTopicIds')}::integer[]))`,
      ),
    )
    .prepare('open_assignments_of_sub_topics'),
)

/**
 * Sets `completed_at` on each of these assignments whose package the learner has completed (roll-up at 100 %) and
 * that has none yet; the first completion stays. Every write that can complete a package calls this (through
 * markCompletedIfDone), and so do new assignments, whose learner may have finished the package earlier. A completion
 * issues the package's certificate when it has them enabled (the current cycle's, once). Returns the pairs completed now.
 */
export async function markCompletedWhereDone(tx: Writer, pairs: readonly LearnerPackage[], now: Date): Promise<LearnerPackage[]> {
  if (!pairs.length) return []
  return completeWhereDone(
    tx,
    await openAssignments(tx).execute({ userIds: pairs.map((p) => p.userId), packageIds: pairs.map((p) => p.packageId) }),
    now,
  )
}

/** Of these open assignments, completes those whose package the learner has completed (see markCompletedWhereDone). */
async function completeWhereDone(tx: Writer, open: readonly LearnerPackage[], now: Date): Promise<LearnerPackage[]> {
  if (!open.length) return []
  const percents = await packagePercents(tx, open)
  const done = open.filter((p) => percents.get(`${p.userId}:${p.packageId}`) === 100)
  const completed: LearnerPackage[] = []
  for (const pair of done) {
    const [row] = await tx
      .update(userPackages)
      .set({ completedAt: now })
      .where(and(eq(userPackages.userId, pair.userId), eq(userPackages.packageId, pair.packageId), isNull(userPackages.completedAt)))
      .returning({ userId: userPackages.userId })
    if (!row) continue
    completed.push(pair)
    await issueCertificateIfEnabled(tx, pair.userId, pair.packageId, now)
  }
  return completed
}

/** After a write by this learner in this package (a heartbeat, a graded attempt): completes the assignment if it is done. */
export async function markCompletedIfDone(tx: Writer, userId: number, packageId: number, now: Date): Promise<boolean> {
  return (await markCompletedWhereDone(tx, [{ userId, packageId }], now)).length > 0
}

/** After a learner's write in these sub-topics (a heartbeat in one, a graded test over several): their packages' assignments. */
export async function markCompletedInSubTopics(
  tx: Writer,
  userId: number,
  subTopicIds: readonly number[],
  now: Date,
): Promise<LearnerPackage[]> {
  if (!subTopicIds.length) return []
  return completeWhereDone(tx, await openAssignmentsOfSubTopics(tx).execute({ userId, subTopicIds: [...subTopicIds] }), now)
}
