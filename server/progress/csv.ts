import type { LearnerProgressRow } from '../../contract/progress.ts'
import { toCsv } from '../http/csv.ts'

/**
 * The learners' progress table as CSV, the same columns as the JSON rows; each SCO of the package adds a status and
 * a score column (every row lists the package's SCOs in the same order).
 */
export function learnersCsv(rows: LearnerProgressRow[]): string {
  const scoColumns = (rows[0]?.scos ?? []).flatMap((sco) => {
    const name = `SCO ${sco.packageTitle} / ${sco.title}`
    return [`${name}: status`, `${name}: score (%)`]
  })
  return toCsv([
    [
      'User ID',
      'Name',
      'Email',
      'Percent',
      'Completed sub-topics',
      'Total sub-topics',
      'Completed SCOs',
      'Total SCOs',
      'Last activity',
      ...scoColumns,
    ],
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
      ...r.scos.flatMap((sco) => [sco.status, sco.score]),
    ]),
  ])
}
