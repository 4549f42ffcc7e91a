import { asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { groupMembers, groupPackages, groups } from '../db/schema.ts'

/** The groups through which each of these learners has each package, keyed `userId:packageId`, in name order. */
export async function groupSources(
  db: Pick<Db, 'select'>,
  userIds: readonly number[],
): Promise<Map<string, { id: number; name: string }[]>> {
  const byPair = new Map<string, { id: number; name: string }[]>()
  if (!userIds.length) return byPair
  const rows = await db
    .select({ userId: groupMembers.userId, packageId: groupPackages.packageId, id: groups.id, name: groups.name })
    .from(groupMembers)
    .innerJoin(groupPackages, eq(groupPackages.groupId, groupMembers.groupId))
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(inArray(groupMembers.userId, [...new Set(userIds)]))
    .orderBy(asc(groups.name), asc(groups.id))
  for (const row of rows) {
    const key = `${row.userId}:${row.packageId}`
    byPair.set(key, [...(byPair.get(key) ?? []), { id: row.id, name: row.name }])
  }
  return byPair
}
