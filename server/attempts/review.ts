import type { ReviewItem, ReviewPolicy, TestSettings } from '../../contract/assessment.ts'
import type { McqAttempt } from '../../contract/learning.ts'
import type { AuthUser } from '../deps.ts'
import type { mcqAttempts } from '../db/schema.ts'
import { type AttemptCount, attemptCounts, attemptsLeft } from './allowance.ts'
import { type Queryable, loadSettings } from './settings.ts'

/** Strictest first. */
const LEVELS: ReviewPolicy[] = ['never', 'score', 'answers', 'answers_and_explanations']

export const strictest = (levels: ReviewPolicy[]): ReviewPolicy =>
  levels.reduce<ReviewPolicy>((a, b) => (LEVELS.indexOf(b) < LEVELS.indexOf(a) ? b : a), 'answers_and_explanations')

/** What a learner may see of a sub-topic's attempts now: its policy, kept to the score while attempts are left. */
export function reviewLevel(settings: TestSettings, counts: AttemptCount): ReviewPolicy {
  const policy = settings.reviewPolicy
  if (!showsAnswers(policy)) return policy
  if (!settings.reviewAfterLastAttemptOnly) return policy
  return attemptsLeft(settings, counts) === 0 ? policy : 'score'
}

export const showsAnswers = (level: ReviewPolicy) => level === 'answers' || level === 'answers_and_explanations'

/**
 * A practice run covers the questions got wrong, so its score alone tells which those were: below 'answers' it
 * shows nothing (not even the score), whatever the level allows a test attempt.
 */
export const practiceLevel = (level: ReviewPolicy): ReviewPolicy => (showsAnswers(level) ? level : 'never')

/** The level per sub-topic for the owner of the attempts, as seen by `viewer`; admins see everything. */
export async function reviewLevels(db: Queryable, viewer: AuthUser, ownerId: number, subTopicIds: number[]) {
  const ids = [...new Set(subTopicIds)]
  if (viewer.role === 'admin') return new Map(ids.map((id) => [id, 'answers_and_explanations' as ReviewPolicy]))
  const [settings, counts] = await Promise.all([loadSettings(db, ids), attemptCounts(db, ownerId, ids)])
  return new Map(ids.map((id) => [id, reviewLevel(settings.get(id)!, counts.get(id)!)]))
}

type AttemptRow = typeof mcqAttempts.$inferSelect

/** An attempt as the policy lets it be seen: without score and passed under 'never' (see practiceLevel). */
export function shownAttempt(row: AttemptRow, allowed: ReviewPolicy): McqAttempt {
  const level = row.practice ? practiceLevel(allowed) : allowed
  const hidden = level === 'never'
  return {
    id: row.id,
    userId: row.userId,
    subTopicId: row.subTopicId,
    attemptNumber: row.attemptNumber,
    ...(hidden ? {} : { score: row.score }),
    totalMarks: row.totalMarks,
    passMark: row.passMark,
    ...(hidden ? {} : { passed: row.passed }),
    late: row.late,
    practice: row.practice,
    reviewLevel: level,
    attemptedAt: new Date(row.attemptedAt).toISOString(),
  }
}

export interface GradedQuestion {
  mcqId: number
  chosen: string[]
  correct: boolean
  correctOption: string
  explanation: string | null
}

/** The per-question review the level allows: nothing below 'answers'; explanations only with them. */
export function shownReview(items: GradedQuestion[], level: ReviewPolicy): ReviewItem[] {
  if (level === 'never' || level === 'score') return []
  return items.map((g) => ({
    mcqId: g.mcqId,
    chosen: g.chosen,
    correct: g.correct,
    correctOption: g.correctOption,
    ...(level === 'answers_and_explanations' ? { explanation: g.explanation } : {}),
  }))
}
