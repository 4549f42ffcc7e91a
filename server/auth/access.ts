import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import type { AuthUser } from '../deps.ts'
import { packages, skills, subTopics, topics, userPackages } from '../db/schema.ts'
import { forbidden, notFound } from '../http/errors.ts'
import { invalidatedCache, packageScopedCache } from '../db/invalidated-cache.ts'

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

/**
 * Each sub-topic's package, kept until that package's content version moves: a sub-topic or topic moving to another
 * package moves both packages' versions (migration 0008), and so does its deletion.
 */
const packagesOfSubTopics = packageScopedCache<true>(20_000)

/**
 * Whether every listed sub-topic that still exists is in a package assigned to the learner (admins hold all), from
 * memory when the change feed is live: the learner's packages and each sub-topic's package.
 */
export async function holdsSubTopics(db: Db, user: AuthUser, subTopicIds: readonly number[]): Promise<boolean> {
  if (user.role === 'admin' || subTopicIds.length === 0) return true
  const [assigned, found] = await Promise.all([
    assignedPackageIds(db, user.id),
    packagesOfSubTopics.getMany(db, subTopicIds, async (ids) => {
      const rows = await db
        .select({ id: subTopics.id, packageId: skills.packageId })
        .from(subTopics)
        .innerJoin(topics, eq(topics.id, subTopics.topicId))
        .innerJoin(skills, eq(skills.id, topics.skillId))
        .where(inArray(subTopics.id, ids))
      return new Map(rows.map((row) => [row.id, { packageId: row.packageId, value: true as const }]))
    }),
  ])
  return [...found.values()].every(({ packageId }) => assigned.has(packageId))
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
