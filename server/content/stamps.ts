import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import type { AuthUser } from '../deps.ts'
import { assignedPackageIds } from '../auth/access.ts'
import { invalidatedCache } from '../db/invalidated-cache.ts'

/**
 * What a cached read is validated against, read in one indexed statement: the owning package's content version
 * (migration 0008 moves it on with every write under the package) and whether the viewer may read it. No tree
 * query. `null` when the row is missing or the viewer may not see it: the read then runs as usual and answers
 * the 404 or 403 itself.
 */
export interface PackageStamp {
  packageId: number
  /** `id.version.created`: a package id is never reused, but a restored or emptied database may reuse one. */
  tag: string
}

export type Owner = 'package' | 'skill' | 'topic' | 'subTopic'

const owners: Record<Owner, (id: number) => SQL> = {
  package: (id) => sql`from packages p where p.id = ${id}`,
  skill: (id) => sql`from skills s join packages p on p.id = s.package_id where s.id = ${id}`,
  topic: (id) => sql`from topics t join skills s on s.id = t.skill_id join packages p on p.id = s.package_id where t.id = ${id}`,
  subTopic: (id) =>
    sql`from sub_topics st join topics t on t.id = st.topic_id join skills s on s.id = t.skill_id join packages p on p.id = s.package_id where st.id = ${id}`,
}

type Row = { package_id: number; version: number; created: string; allowed: boolean }
const CREATED = sql`(extract(epoch from p.created_at) * 1000000)::bigint::text`
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

/** Each package's stamp, kept until a trigger says its content version moved or it went (migration 0019). */
const packageTags = invalidatedCache<string>('package', 20_000)

const tagOf = (row: Row) => `${row.package_id}.${row.version}.${Number(row.created).toString(36)}`

export async function packageStamp(db: Db, viewer: AuthUser, owner: Owner, id: number): Promise<PackageStamp | null> {
  // The package's own reads (the tree, the read learners repeat most) from memory: its tag and the viewer's assignments.
  if (owner === 'package') {
    if (viewer.role !== 'admin' && !(await assignedPackageIds(db, viewer.id)).has(id)) return null
    const tag = await packageTags.get(db, id, async () => {
      const [row] = rowsOf<Row>(
        await db.execute(
          sql`select p.id as package_id, p.content_version as version, ${CREATED} as created from packages p where p.id = ${id}`,
        ),
      )
      return row && tagOf(row)
    })
    return tag ? { packageId: id, tag } : null
  }
  const allowed =
    viewer.role === 'admin'
      ? sql`true`
      : sql`exists (select 1 from user_packages up where up.package_id = p.id and up.user_id = ${viewer.id})`
  const [row] = rowsOf<Row>(
    await db.execute(
      sql`select p.id as package_id, p.content_version as version, ${CREATED} as created, ${allowed} as allowed ${owners[owner](id)}`,
    ),
  )
  if (!row?.allowed) return null
  return { packageId: Number(row.package_id), tag: tagOf(row) }
}

/** The catalogue (every package with its skills): one tag over every package's id and version. */
export async function catalogueStamp(db: Db): Promise<string> {
  const [row] = rowsOf<{ tag: string }>(
    await db.execute(
      sql`select md5(coalesce(string_agg(p.id || ':' || p.content_version || ':' || extract(epoch from p.created_at), ',' order by p.id), '')) as tag from packages p`,
    ),
  )
  return row!.tag
}
