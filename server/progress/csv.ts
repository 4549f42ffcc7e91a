import type { LearnerProgressRow } from '../../contract/progress.ts'
import { toCsv } from '../http/csv.ts'

/** The learners' progress table as CSV, the same columns as the JSON rows. */
export function learnersCsv(rows: LearnerProgressRow[]): string {
  return toCsv([
    ['User ID', 'Name', 'Email', 'Percent', 'Completed sub-topics', 'Total sub-topics', 'Completed SCOs', 'Total SCOs', 'Last activity'],
    ...rows.map((r) => [
      r.userId,
      r.name,
      r.email,
      r.percent,
      r.completedSubTopics,
      r.totalSubTopics,
      r.completedScos,
      r.totalScos,
      r.lastActivityAt,
    ]),
  ])
}
