import { type SQL, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { packagePercents } from '../progress/records.ts'
import { type AssignmentDue, assignmentsWithDue } from './due.ts'
import { type AssignmentStatus, assignmentStatus } from './status.ts'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** An assignment with its due date, its learner's roll-up percent in the package and the status they give. */
export interface AssignmentWithStatus extends AssignmentDue {
  percent: number
  status: AssignmentStatus
}

/**
 * Every assignment matching `where` (a condition on `up`, the `user_packages` row) with its status at `now`: six
 * queries whatever the number of learners and packages.
 */
export async function assignmentsWithStatus(db: Db | Tx, where: SQL = sql`true`, now: Date): Promise<AssignmentWithStatus[]> {
  const dues = await assignmentsWithDue(db, where)
  const percents = await packagePercents(db, dues)
  return dues.map((due) => {
    const percent = percents.get(`${due.userId}:${due.packageId}`) ?? 0
    return { ...due, percent, status: assignmentStatus({ completedAt: due.completedAt, dueAt: due.dueAt, percent }, now) }
  })
}
