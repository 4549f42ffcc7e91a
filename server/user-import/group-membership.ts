import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { intArray, textArray } from '../db/bulk.ts'
import { rowsOf } from '../db/raw-rows.ts'
import { syncGroupAssignments, type AssignedPair } from '../assignments/sync.ts'
import { nameKey } from './row-rules.ts'

/**
 * Group membership as the import needs it. The groups module (server/groups/) owns groups; until it exports
 * `addGroupMembers` and `findOrCreateGroupByName`, these do the same with the same signatures, so the import
 * switches over by changing its import line.
 */

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/**
 * The ids of groups named so (compared ignoring case), by nameKey, creating the ones that do not exist. A group
 * created at the same moment by someone else is taken as it is (the name is unique, case-insensitively).
 */
export async function findOrCreateGroupsByName(tx: Tx, names: readonly string[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>()
  if (!names.length) return ids
  await tx.execute(sql`insert into groups (name) select unnest(${textArray(names)}) on conflict ((lower(name))) do nothing`)
  const found = rowsOf<{ id: number; name: string }>(
    await tx.execute(sql`select id, name from groups where lower(name) = any(${textArray(names.map((name) => name.toLowerCase()))})`),
  )
  for (const row of found) ids.set(nameKey(row.name), Number(row.id))
  return ids
}

/**
 * Adds members to a group (members already in it stay as they are) and gives them the group's packages, in the
 * caller's transaction. Answers the assignments that are new.
 */
export async function addGroupMembers(tx: Tx, groupId: number, userIds: readonly number[], now: Date): Promise<AssignedPair[]> {
  if (!userIds.length) return []
  await tx.execute(sql`
    insert into group_members (group_id, user_id, added_at)
    select ${groupId}, unnest(${intArray(userIds)}), ${now.toISOString()}::timestamptz
    on conflict do nothing`)
  return syncGroupAssignments(tx, userIds, now)
}
