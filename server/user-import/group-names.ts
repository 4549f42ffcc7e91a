import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { textArray } from '../db/bulk.ts'
import { rowsOf } from '../db/raw-rows.ts'
import { nameKey } from './row-rules.ts'

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
