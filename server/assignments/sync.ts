import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { intArray } from '../db/bulk.ts'
import { rowsOf } from '../db/raw-rows.ts'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export interface AssignedPair {
  userId: number
  packageId: number
}

/**
 * Brings `user_packages` in line with group membership for the given learners: every package one of their groups
 * holds becomes theirs (a pair that already exists, direct or not, stays as it is), and a pair that is not direct
 * and that no group of theirs gives any more goes. Progress and attempts are kept in their own tables, so nothing
 * but the assignment goes. Returns the pairs that are new, so the caller can tell those learners.
 */
export async function syncGroupAssignments(tx: Db | Tx, userIds: readonly number[], now: Date): Promise<AssignedPair[]> {
  if (userIds.length === 0) return []
  const ids = intArray(userIds)
  const added = await tx.execute(sql`
    insert into user_packages (user_id, package_id, assigned_at, direct)
    select distinct gm.user_id, gp.package_id, ${now.toISOString()}::timestamptz, false
    from group_members gm
    join group_packages gp on gp.group_id = gm.group_id
    where gm.user_id = any(${ids})
    on conflict (user_id, package_id) do nothing
    returning user_id, package_id`)
  await tx.execute(sql`
    delete from user_packages up
    where up.user_id = any(${ids})
      and not up.direct
      and not exists (
        select 1 from group_members gm
        join group_packages gp on gp.group_id = gm.group_id
        where gm.user_id = up.user_id and gp.package_id = up.package_id
      )`)
  return rowsOf<{ user_id: number; package_id: number }>(added).map((r) => ({ userId: Number(r.user_id), packageId: Number(r.package_id) }))
}
