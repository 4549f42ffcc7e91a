import type { ScoProgress } from '../../contract/scorm.ts'
import { isScoComplete, scorePercent, shownStatus, type CmiRecord } from './cmi.ts'

/** A SCO as progress shows it: its status, its score as a percentage, and whether it counts as done. */
export const toScoProgress = (scoId: number, record: CmiRecord | undefined): ScoProgress => ({
  id: scoId,
  status: shownStatus(record),
  score: scorePercent(record),
  completed: isScoComplete(record),
})
