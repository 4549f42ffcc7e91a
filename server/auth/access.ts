import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import type { AuthUser } from '../deps.ts'
import { packages, skills, subTopics, topics, userPackages } from '../db/schema.ts'
import { forbidden, notFound } from '../http/errors.ts'
import { invalidatedCache } from '../db/invalidated-cache.ts'

/**
 * Who may see which content, decided here and nowhere else: admins see everything; a learner sees the
 * content of the packages assigned to them and nothing of the others (403).
 */
const NOT_ASSIGNED = 'This package is not assigned to you'

/** Each learner's assigned package ids, kept until a trigger says an assignment of theirs came or went (migration 0019). */
const assignedPackages = invalidatedCache<ReadonlySet<number>>('access', 20_000)

/** The ids of the packages assigned to the learner. */
export async function assignedPackageIds(db: Db, userId: number): Promise<ReadonlySet<number>> {
  const ids = await assignedPackages.get(db, userId, async () => {
    const rows = await db.select({ packageId: userPackages.packageId }).from(userPackages).where(eq(userPackages.userId, userId))
    return new Set(rows.map((row) => row.packageId))
  })
  return ids!
}

export async function assertPackageAccess(db: Db, user: AuthUser, packageId: number) {
  if (user.role === 'admin') return
  if ((await assignedPackageIds(db, user.id)).has(packageId)) return
  // Not assigned: missing (404) or someone else's (403).
  const [row] = await db
    .select({ id: packages.id, assigned: userPackages.userId })
    .from(packages)
    .leftJoin(userPackages, and(eq(userPackages.packageId, packages.id), eq(userPackages.userId, user.id)))
    .where(eq(packages.id, packageId))
  if (!row) throw notFound('Package not found')
  if (row.assigned === null) throw forbidden(NOT_ASSIGNED)
}

/** The package a skill, topic or sub-topic belongs to; then the package rule. */
export async function assertSkillAccess(db: Db, user: AuthUser, skillId: number) {
  if (user.role === 'admin') return
  const [row] = await db.select({ packageId: skills.packageId }).from(skills).where(eq(skills.id, skillId))
  if (!row) throw notFound(`Skill not found: ${skillId}`)
  await assertPackageAccess(db, user, row.packageId)
}

export async function assertTopicAccess(db: Db, user: AuthUser, topicId: number) {
  if (user.role === 'admin') return
  const [row] = await db.select({ skillId: topics.skillId }).from(topics).where(eq(topics.id, topicId))
  if (!row) throw notFound('Topic not found')
  await assertSkillAccess(db, user, row.skillId)
}

/** Every listed sub-topic must be in a package assigned to the learner; unknown ids are not checked here. */
export async function assertSubTopicsAccess(db: Db, user: AuthUser, subTopicIds: number[]) {
  if (user.role === 'admin' || subTopicIds.length === 0) return
  const rows = await db
    .select({ id: subTopics.id, assigned: userPackages.userId })
    .from(subTopics)
    .innerJoin(topics, eq(topics.id, subTopics.topicId))
    .innerJoin(skills, eq(skills.id, topics.skillId))
    .leftJoin(userPackages, and(eq(userPackages.packageId, skills.packageId), eq(userPackages.userId, user.id)))
    .where(inArray(subTopics.id, subTopicIds))
  if (rows.some((r) => r.assigned === null)) throw forbidden(NOT_ASSIGNED)
}
