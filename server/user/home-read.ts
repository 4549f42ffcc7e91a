import { asc, eq, inArray, sql } from 'drizzle-orm'
import type { PackageBasic, User } from '../../contract/auth.ts'
import { toMoneyString } from '../../contract/content.ts'
import { assignmentsWithDue } from '../assignments/due.ts'
import { groupSources } from '../assignments/sources.ts'
import { assignmentStatus } from '../assignments/status.ts'
import type { Db } from '../db/client.ts'
import { packageScopedCache } from '../db/invalidated-cache.ts'
import { packages, skills, userPackages, users } from '../db/schema.ts'
import { notFound } from '../http/errors.ts'
import { loadContents, loadRecords } from '../progress/records.ts'
import { type PackageContent, rollUp } from '../progress/rollup.ts'
import { toUser } from './service.ts'

/**
 * The home's answer (the same as getUserWithPackages) built with what every learner of a package shares taken from
 * memory: the package's fields and skills and what its progress is counted over, kept until a write under the
 * package. What is the learner's own (the account, its assignments with their due dates, its progress records, its
 * groups) is read: seven statements, the account's and its assignments' prepared once per database, and six more
 * when some of its packages are not in memory, however many.
 */
type PackageFields = Omit<PackageBasic, 'dueAt' | 'status' | 'completedAt' | 'direct' | 'directDue' | 'groups'>

const iso = (d: Date | string) => new Date(d).toISOString()

const sharedPackages = packageScopedCache<{ fields: PackageFields; content: PackageContent }>(2_000)

/** The shared parts of these packages: those not in memory read together, in six statements whatever their number. */
async function sharedPackagesOf(db: Db, packageIds: readonly number[]) {
  return sharedPackages.getMany(db, packageIds, async (ids) => {
    const rows = await db.select().from(packages).where(inArray(packages.id, ids))
    const skillRows = await db.select().from(skills).where(inArray(skills.packageId, ids)).orderBy(asc(skills.id))
    const contents = await loadContents(db, ids)
    const skillsOf = Map.groupBy(skillRows, (s) => s.packageId)
    const loaded = new Map<number, { packageId: number; value: { fields: PackageFields; content: PackageContent } }>()
    for (const pkg of rows) {
      const fields: PackageFields = {
        id: pkg.id,
        title: pkg.title,
        description: pkg.description,
        price: toMoneyString(pkg.price),
        createdAt: iso(pkg.createdAt),
        skills: (skillsOf.get(pkg.id) ?? []).map((s) => ({
          id: s.id,
          title: s.title,
          description: s.description,
          price: toMoneyString(s.price),
          createdAt: iso(s.createdAt),
        })),
      }
      const content = contents.get(pkg.id) ?? { packageId: pkg.id, skills: [] }
      loaded.set(pkg.id, { packageId: pkg.id, value: { fields, content } })
    }
    return loaded
  })
}

function prepare(db: Db) {
  return {
    user: db
      .select()
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .prepare('home_user'),
    links: db
      .select({
        packageId: userPackages.packageId,
        direct: userPackages.direct,
        dueAt: userPackages.dueAt,
        dueDays: userPackages.dueDays,
        reminderDays: userPackages.reminderDays,
      })
      .from(userPackages)
      .where(eq(userPackages.userId, sql.placeholder('id')))
      .orderBy(asc(userPackages.assignedAt), asc(userPackages.packageId))
      .prepare('home_links'),
  }
}
const prepared = new WeakMap<object, ReturnType<typeof prepare>>()

export interface Home {
  user: User
  /**
   * A package shows 'not-started' though the learner has progress rows in it (watched too little to count): a
   * heartbeat growing them may start it, and growing progress notifies nothing (migrations 0020, 0021).
   */
  mayStartUnannounced: boolean
}

export async function buildHome(db: Db, userId: number, now: Date): Promise<Home> {
  let statements = prepared.get(db)
  if (!statements) {
    statements = prepare(db)
    prepared.set(db, statements)
  }
  const [row] = await statements.user.execute({ id: userId })
  if (!row) throw notFound(`User not found with id ${userId}`)
  const links = await statements.links.execute({ id: userId })
  if (!links.length) return { user: toUser(row, []), mayStartUnannounced: false }
  const packageIds = links.map((link) => link.packageId)
  const dues = new Map((await assignmentsWithDue(db, sql`up.user_id = ${userId}`)).map((due) => [due.packageId, due]))
  const recordsOf = await loadRecords(db, packageIds, [userId], false)
  const sources = await groupSources(db, [userId])
  const shares = await sharedPackagesOf(db, packageIds)
  const list: PackageBasic[] = []
  let mayStartUnannounced = false
  for (const link of links) {
    const shared = shares.get(link.packageId)?.value
    // Deleted since the links were read: as the join of the full read would have left it out.
    if (!shared) continue
    const due = dues.get(link.packageId)
    const { records } = recordsOf(userId, link.packageId)
    const percent = rollUp(shared.content, records).percent
    const status = due ? assignmentStatus({ completedAt: due.completedAt, dueAt: due.dueAt, percent }, now) : 'not-started'
    if (status === 'not-started' && records.videos.size > 0) mayStartUnannounced = true
    list.push({
      ...shared.fields,
      dueAt: due?.dueAt ? iso(due.dueAt) : null,
      status,
      completedAt: due?.completedAt ? iso(due.completedAt) : null,
      direct: link.direct,
      directDue: link.direct
        ? { dueAt: link.dueAt ? iso(link.dueAt) : null, dueDays: link.dueDays, reminderDays: link.reminderDays }
        : null,
      groups: sources.get(`${userId}:${link.packageId}`) ?? [],
    })
  }
  return { user: toUser(row, list), mayStartUnannounced }
}
