import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { rowsOf } from '../db/raw-rows.ts'

interface DueRow {
  user_id: number
  package_id: number
  assigned_at: string | Date
  due_at: string | Date | null
  reminder_days: number[] | string | null
  completed_at: string | Date | null
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** One learner's assignment of one package, with the due date that counts for it. */
export interface AssignmentDue {
  userId: number
  packageId: number
  assignedAt: Date
  /** The earliest due date of every way the learner has the package (direct, each group); null when none has one. */
  dueAt: Date | null
  /** The reminder offsets of the way that gives that earliest due date. */
  reminderDays: number[]
  completedAt: Date | null
}

/**
 * Every assignment matching `where` (a condition on `up`, the `user_packages` row) with its due date. A direct
 * assignment is due at its `due_at`, or `due_days` after it was made; a group's at its `due_at`, or `due_days`
 * after the later of the learner joining and the package being given to the group. In a certificate's renewal
 * cycle the date to recertify by is the due date, whatever the others say (they were for the first pass).
 */
export async function assignmentsWithDue(db: Db | Tx, where: SQL = sql`true`): Promise<AssignmentDue[]> {
  const result = await db.execute(sql`
    select up.user_id, up.package_id, up.assigned_at, up.completed_at,
           coalesce(up.recertify_by, due.due_at) as due_at,
           case when up.recertify_by is null then due.reminder_days else up.reminder_days end as reminder_days
    from user_packages up
    left join lateral (
      select s.due_at, s.reminder_days from (
        select case when up.direct then coalesce(up.due_at, up.assigned_at + make_interval(days => up.due_days)) end as due_at,
               up.reminder_days
        union all
        select coalesce(gp.due_at, greatest(gm.added_at, gp.assigned_at) + make_interval(days => gp.due_days)), gp.reminder_days
        from group_members gm
        join group_packages gp on gp.group_id = gm.group_id and gp.package_id = up.package_id
        where gm.user_id = up.user_id
      ) s
      where s.due_at is not null
      order by s.due_at
      limit 1
    ) due on true
    where ${where}
    order by up.user_id, up.package_id`)
  return rowsOf<DueRow>(result).map((r) => ({
    userId: Number(r.user_id),
    packageId: Number(r.package_id),
    assignedAt: new Date(r.assigned_at),
    dueAt: r.due_at === null ? null : new Date(r.due_at),
    reminderDays: r.reminder_days === null ? [] : typeof r.reminder_days === 'string' ? JSON.parse(r.reminder_days) : r.reminder_days,
    completedAt: r.completed_at === null ? null : new Date(r.completed_at),
  }))
}
