import type { AttemptResult } from '../../contract/learning.ts'
import type { Db } from '../db/client.ts'
import type { AuthUser } from '../deps.ts'
import type { AttemptRow } from './grade-sitting.ts'
import { gradedQuestions } from './graded-questions.ts'
import { sumPoints } from './grading.ts'
import { practiceLevel, reviewLevels, shownAttempt, shownReview, strictest } from './review.ts'

export /** The result of a submission, rebuilt from its stored attempts and shown as the strictest review policy allows. */
async function storedResult(db: Db, viewer: AuthUser, rows: AttemptRow[]): Promise<AttemptResult> {
  const ownerId = rows[0]?.userId ?? viewer.id
  const levels = await reviewLevels(
    db,
    viewer,
    ownerId,
    rows.map((r) => r.subTopicId),
  )
  const allowed = strictest([...levels.values()])
  const level = rows.some((r) => r.practice) ? practiceLevel(allowed) : allowed
  const questions = await gradedQuestions(db, rows)
  const score = sumPoints(rows.map((r) => r.score))
  return {
    ...(level === 'never' ? {} : { score }),
    totalMarks: rows.reduce((sum, r) => sum + r.totalMarks, 0),
    ...(level === 'never' ? {} : { passed: rows.every((r) => r.passed) }),
    late: rows.some((r) => r.late),
    practice: rows.some((r) => r.practice),
    reviewLevel: level,
    attempts: rows.map((r) => shownAttempt(r, level)),
    review: shownReview(
      rows.flatMap((r) => questions.get(r.id)!),
      level,
    ),
  }
}
