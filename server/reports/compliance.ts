import { eq, type SQL, sql } from 'drizzle-orm'
import type { ComplianceReport, ComplianceRow, ComplianceSummary } from '../../contract/compliance.ts'
import { groupSources } from '../assignments/sources.ts'
import { type AssignmentWithStatus, assignmentsWithStatus } from '../assignments/statuses.ts'
import type { Db } from '../db/client.ts'
import { rowsOf } from '../db/raw-rows.ts'
import { groups, packages } from '../db/schema.ts'
import { toCsv } from '../http/csv.ts'
import { notFound } from '../http/errors.ts'
import { toPage } from '../http/paging.ts'

export interface ComplianceFilters {
  packageId?: number
  groupId?: number
}

/** 404 for a filter naming no package or group: an empty report would read as "everyone is compliant". */
async function assertFiltersExist(db: Db, { packageId, groupId }: ComplianceFilters) {
  if (packageId !== undefined) {
    const [found] = await db.select({ id: packages.id }).from(packages).where(eq(packages.id, packageId))
    if (!found) throw notFound(`Package not found with id ${packageId}`)
  }
  if (groupId !== undefined) {
    const [found] = await db.select({ id: groups.id }).from(groups).where(eq(groups.id, groupId))
    if (!found) throw notFound(`Group not found with id ${groupId}`)
  }
}

/** A condition on `up` (the assignment row): the package, and for a group its members with the packages it gives. */
function whereOf({ packageId, groupId }: ComplianceFilters): SQL {
  const conditions: SQL[] = [sql`true`]
  if (packageId !== undefined) conditions.push(sql`up.package_id = ${packageId}`)
  if (groupId !== undefined)
    conditions.push(sql`exists (
      select 1 from group_members gm
      join group_packages gp on gp.group_id = gm.group_id and gp.package_id = up.package_id
      where gm.group_id = ${groupId} and gm.user_id = up.user_id)`)
  return sql.join(conditions, sql` and `)
}

/** Overdue (longest overdue first), then due soonest, then incomplete without a due date, then completed. */
function rank(row: AssignmentWithStatus) {
  if (row.status === 'overdue') return 0
  if (row.status === 'completed') return 3
  return row.dueAt === null ? 2 : 1
}

const byUrgency = (a: ComplianceRow & { rank: number }, b: ComplianceRow & { rank: number }) =>
  a.rank - b.rank ||
  (a.dueAt ?? '').localeCompare(b.dueAt ?? '') ||
  a.name.localeCompare(b.name) ||
  a.email.localeCompare(b.email) ||
  a.packageTitle.localeCompare(b.packageTitle) ||
  a.userId - b.userId ||
  a.packageId - b.packageId

interface NameRow {
  user_id: number
  package_id: number
  name: string
  email: string
  title: string
}

/** Every matching row in report order: a constant number of queries whatever the number of learners and packages. */
async function complianceRows(db: Db, filters: ComplianceFilters, now: Date): Promise<ComplianceRow[]> {
  await assertFiltersExist(db, filters)
  const where = whereOf(filters)
  const assignments = await assignmentsWithStatus(db, where, now)
  if (!assignments.length) return []
  const names = rowsOf<NameRow>(
    await db.execute(sql`
      select up.user_id, up.package_id, u.name, u.email, p.title
      from user_packages up join users u on u.id = up.user_id join packages p on p.id = up.package_id
      where ${where}`),
  )
  const nameOf = new Map(names.map((n) => [`${n.user_id}:${n.package_id}`, n]))
  const sources = await groupSources(
    db,
    assignments.map((a) => a.userId),
  )
  return assignments
    .map((a) => {
      const key = `${a.userId}:${a.packageId}`
      const named = nameOf.get(key)
      return {
        rank: rank(a),
        userId: a.userId,
        name: named?.name ?? '',
        email: named?.email ?? '',
        packageId: a.packageId,
        packageTitle: named?.title ?? '',
        groups: (sources.get(key) ?? []).map((g) => g.name),
        assignedAt: a.assignedAt.toISOString(),
        dueAt: a.dueAt?.toISOString() ?? null,
        status: a.status,
        completedAt: a.completedAt?.toISOString() ?? null,
        percent: a.percent,
      }
    })
    .sort(byUrgency)
    .map(({ rank: _rank, ...row }) => row)
}

function summaryOf(rows: ComplianceRow[]): ComplianceSummary {
  const summary: ComplianceSummary = { 'not-started': 0, 'in-progress': 0, completed: 0, overdue: 0 }
  for (const row of rows) summary[row.status]++
  return summary
}

/** One page of the compliance report, with the counts per status over every matching row. */
export async function complianceReport(
  db: Db,
  filters: ComplianceFilters,
  page: number,
  size: number,
  now: Date,
): Promise<ComplianceReport> {
  const rows = await complianceRows(db, filters, now)
  return { ...toPage(rows.slice(page * size, (page + 1) * size), rows.length, page, size), summary: summaryOf(rows) }
}

/** Every matching row as CSV, in report order, the same fields as the JSON rows. */
export async function complianceCsv(db: Db, filters: ComplianceFilters, now: Date): Promise<string> {
  const rows = await complianceRows(db, filters, now)
  return toCsv([
    ['User ID', 'Name', 'Email', 'Package ID', 'Package', 'Groups', 'Assigned at', 'Due at', 'Status', 'Completed at', 'Percent'],
    ...rows.map((r) => [
      r.userId,
      r.name,
      r.email,
      r.packageId,
      r.packageTitle,
      r.groups.join(', '),
      r.assignedAt,
      r.dueAt,
      r.status,
      r.completedAt,
      r.percent,
    ]),
  ])
}
