import type { AttemptResult } from '../../contract/learning.ts'
import type { Db } from '../db/client.ts'
import type { AuthUser } from '../deps.ts'
import type { ReviewPolicy } from '../../contract/assessment.ts'
import type { AttemptRow, GradedSitting } from './grade-sitting.ts'
import { gradedQuestions } from './graded-questions.ts'
import { sumPoints } from './grading.ts'
import { type GradedQuestion, practiceLevel, reviewLevel, reviewLevels, shownAttempt, shownReview, strictest } from './review.ts'

/** The result of a submission, rebuilt from its stored attempts and shown as the strictest review policy allows. */
export async function storedResult(db: Db, viewer: AuthUser, rows: AttemptRow[]): Promise<AttemptResult> {
  const ownerId = rows[0]?.userId ?? viewer.id
  const levels = await reviewLevels(
    db,
    viewer,
    ownerId,
    rows.map((r) => r.subTopicId),
  )
  return shownResult(rows, [...levels.values()], await gradedQuestions(db, rows))
}

/**
 * The result of a sitting graded just now, from what grading had in hand: the same as storedResult would read back
 * (the review levels count the attempts just stored; the questions in the sitting's order).
 */
export function freshResult(viewer: AuthUser, sitting: GradedSitting): AttemptResult {
  const { rows, graded, explanations, states } = sitting
  const levels = rows.map((r): ReviewPolicy => {
    if (viewer.role === 'admin') return 'answers_and_explanations'
    const state = states.get(r.subTopicId)!
    const used = state.counts.used + (r.practice ? 0 : 1)
    return reviewLevel(state.settings, { ...state.counts, used })
  })
  const questions = new Map<number, GradedQuestion[]>(rows.map((r) => [r.id, []]))
  const attemptOf = new Map(rows.map((r) => [r.subTopicId, r.id]))
  for (const g of graded)
    questions.get(attemptOf.get(g.mcq.subTopicId)!)!.push({
      mcqId: g.mcq.id,
      chosen: g.chosen,
      correct: g.correct,
      correctOption: g.mcq.correctOption,
      explanation: explanations.get(g.mcq.id) ?? null,
    })
  return shownResult(rows, levels, questions)
}

function shownResult(rows: AttemptRow[], levels: ReviewPolicy[], questions: Map<number, GradedQuestion[]>): AttemptResult {
  const allowed = strictest(levels)
  const level = rows.some((r) => r.practice) ? practiceLevel(allowed) : allowed
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
