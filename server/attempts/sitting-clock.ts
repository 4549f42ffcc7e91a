import { DEADLINE_GRACE_SECONDS, type TestSettings } from '../../contract/assessment.ts'
import type { mcqSittings } from '../db/schema.ts'

type SittingRow = typeof mcqSittings.$inferSelect
type Timed = Pick<SittingRow, 'deadline' | 'subTopicDeadlines'>

const pastGrace = (deadline: Date | null, now: Date) =>
  deadline !== null && now.getTime() > deadline.getTime() + DEADLINE_GRACE_SECONDS * 1000

/** The whole sitting is past its deadline and grace: autosaves are refused and it is graded with its saved answers. */
export const isOver = (sitting: Pick<SittingRow, 'deadline'>, now: Date) => pastGrace(sitting.deadline, now)

/** A sub-topic's own deadline; sittings from before per-sub-topic deadlines have only the sitting's. */
export function subTopicDeadline(sitting: Timed, subTopicId: number): Date | null {
  const own = sitting.subTopicDeadlines[String(subTopicId)]
  if (own) return new Date(own)
  return Object.keys(sitting.subTopicDeadlines).length ? null : sitting.deadline
}

/** The sub-topics whose deadline and grace have passed: their answers are frozen and their attempts late. */
export function closedSubTopics(sitting: Timed & Pick<SittingRow, 'subTopicIds'>, now: Date): Set<number> {
  return new Set(sitting.subTopicIds.filter((id) => pastGrace(subTopicDeadline(sitting, id), now)))
}

/**
 * Each sub-topic's deadline is its own time limit from the start; the sitting's is the latest of them, or none when
 * a sub-topic is untimed (that part has no end but the learner's submission).
 */
export function deadlinesFor(subTopicIds: number[], settings: Map<number, TestSettings>, start: Date) {
  const own: Record<string, string> = {}
  let latest: Date | null = null
  let untimed = false
  for (const id of subTopicIds) {
    const minutes = settings.get(id)!.timeLimitMinutes
    if (!minutes) {
      untimed = true
      continue
    }
    const at = new Date(start.getTime() + minutes * 60_000)
    own[String(id)] = at.toISOString()
    if (!latest || at > latest) latest = at
  }
  return { subTopicDeadlines: own, deadline: untimed ? null : latest }
}

/** The answers sent for questions still open, and the saved ones for questions of closed sub-topics. */
export function openAnswers(
  sitting: Pick<SittingRow, 'questions' | 'answers'>,
  sent: Record<string, string[]>,
  closed: Set<number>,
): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  for (const q of sitting.questions) {
    const key = String(q.mcqId)
    const answer = closed.has(q.subTopicId) ? sitting.answers[key] : sent[key]
    if (answer !== undefined) out[key] = answer
  }
  return out
}
