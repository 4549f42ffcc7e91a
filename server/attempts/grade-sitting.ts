import { eq, sql } from 'drizzle-orm'
import { DEFAULT_TEST_SETTINGS, type TestSettings } from '../../contract/assessment.ts'
import { mcqAttemptAnswers, mcqAttempts, mcqSittings, mcqs } from '../db/schema.ts'
import { preparedOnHandle } from '../db/prepared.ts'
import { conflict } from '../http/errors.ts'
import { type SubTopicState, attemptsLeft, subTopicStates } from './allowance.ts'
import { markCompletedInSubTopics } from '../assignments/completion.ts'
import { hasPassed, isCorrect, normaliseChosen, questionPoints, sumPoints } from './grading.ts'
import type { Queryable } from './settings.ts'
import type { SittingRow } from './sittings.ts'

export type AttemptRow = typeof mcqAttempts.$inferSelect
export type QuestionRow = { id: number; subTopicId: number; correctOption: string }
export type Graded = { mcq: QuestionRow; chosen: string[]; correct: boolean; points: number }

export function grade(questions: QuestionRow[], answers: Record<string, string[]>, settings: Map<number, TestSettings>): Graded[] {
  return questions.map((mcq) => {
    const chosen = normaliseChosen(answers[String(mcq.id)])
    const scoring = settings.get(mcq.subTopicId)!.scoring
    return { mcq, chosen, correct: isCorrect(chosen, mcq.correctOption), points: questionPoints(chosen, mcq.correctOption, scoring) }
  })
}

/**
 * Stores one attempt per sub-topic (with that sub-topic's score, total, pass mark and verdict) and each question's
 * answer: two statements for any number of sub-topics. Test attempts are numbered on from `lastNumbers` (per
 * sub-topic, read under the learner's lock, which the caller holds); practice attempts carry 0.
 */
export async function storeAttempts(
  tx: Queryable,
  graded: Graded[],
  subTopicIds: number[],
  settings: Map<number, TestSettings>,
  meta: {
    userId: number
    lateSubTopics: Set<number>
    practice: boolean
    sittingId: string | null
    submissionId: string | null
    now: Date
    lastNumbers: Map<number, number>
  },
): Promise<AttemptRow[]> {
  const values = subTopicIds.flatMap((subTopicId) => {
    const own = graded.filter((g) => g.mcq.subTopicId === subTopicId)
    if (!own.length) return []
    const score = sumPoints(own.map((g) => g.points))
    const { passMark } = settings.get(subTopicId)!
    return [
      {
        userId: meta.userId,
        subTopicId,
        attemptNumber: meta.practice ? 0 : (meta.lastNumbers.get(subTopicId) ?? 0) + 1,
        score,
        totalMarks: own.length,
        passMark,
        passed: hasPassed(score, own.length, passMark),
        late: meta.lateSubTopics.has(subTopicId),
        practice: meta.practice,
        sittingId: meta.sittingId,
        submissionId: meta.submissionId,
        attemptedAt: meta.now,
      },
    ]
  })
  if (!values.length) return []
  const inserted = await tx.insert(mcqAttempts).values(values).returning()
  const bySubTopic = new Map(inserted.map((r) => [r.subTopicId, r]))
  const rows = values.map((v) => bySubTopic.get(v.subTopicId)!)
  await tx.insert(mcqAttemptAnswers).values(
    graded.map((g) => ({
      attemptId: bySubTopic.get(g.mcq.subTopicId)!.id,
      mcqId: g.mcq.id,
      chosen: g.chosen.join(','),
      correct: g.correct,
    })),
  )
  const passed = rows.filter((r) => r.passed && !r.practice).map((r) => r.subTopicId)
  await markCompletedInSubTopics(tx, meta.userId, passed, meta.now)
  return rows
}

/** A sitting just graded: its attempts, and what its result is built from without reading them back. */
export interface GradedSitting {
  rows: AttemptRow[]
  graded: Graded[]
  explanations: Map<number, string | null>
  states: Map<number, SubTopicState>
}

const answerKeys = preparedOnHandle((tx) =>
  tx
    .select({ id: mcqs.id, subTopicId: mcqs.subTopicId, correctOption: mcqs.correctOption, explanation: mcqs.explanation })
    .from(mcqs)
    .where(sql`${mcqs.id} = any(${sql.placeholder('ids')}::integer[])`)
    .prepare('sitting_answer_keys'),
)

const closeSitting = preparedOnHandle((tx) =>
  tx
    .update(mcqSittings)
    .set({
      gradedAt: sql`${sql.placeholder('gradedAt')}::timestamptz`,
      answers: sql`${sql.placeholder('answers')}::jsonb`,
      submissionId: sql`${sql.placeholder('submissionId')}::text`,
    })
    .where(eq(mcqSittings.id, sql.placeholder('sittingId')))
    .prepare('sitting_close'),
)

/**
 * Grades a sitting's pinned questions (those still in the bank) with the given answers and closes it; the attempts
 * of `lateSubTopics` are marked late. Test sittings respect the attempt limits: 'throw' answers 409, 'discard'
 * closes the sitting without an attempt. The caller holds the learner's lock.
 */
export async function gradeSitting(
  tx: Queryable,
  sitting: SittingRow,
  options: {
    answers: Record<string, string[]>
    lateSubTopics: Set<number>
    now: Date
    submissionId?: string | null
    noAttemptsLeft: 'throw' | 'discard'
  },
): Promise<GradedSitting> {
  const states = await subTopicStates(tx, sitting.userId, sitting.subTopicIds)
  const settings = new Map(sitting.subTopicIds.map((id) => [id, states.get(id)?.settings ?? { ...DEFAULT_TEST_SETTINGS }]))
  const practice = sitting.mode === 'mistakes'
  const close = (answers: Record<string, string[]>) =>
    closeSitting(tx).execute({
      sittingId: sitting.id,
      gradedAt: options.now,
      answers: JSON.stringify(answers),
      submissionId: options.submissionId ?? null,
    })
  if (!practice) {
    const spent = sitting.subTopicIds.map((id) => states.get(id)).find((s) => s && attemptsLeft(s.settings, s.counts) === 0)
    if (spent) {
      if (options.noAttemptsLeft === 'throw') throw conflict(`No attempts left for "${spent.title}"`)
      await close(sitting.answers)
      return { rows: [], graded: [], explanations: new Map(), states }
    }
  }
  const ids = sitting.questions.map((q) => q.mcqId)
  const found = ids.length ? await answerKeys(tx).execute({ ids }) : []
  const byId = new Map(found.map((q) => [q.id, q]))
  const questions = sitting.questions.flatMap((p) => {
    const q = byId.get(p.mcqId)
    return q ? [{ id: q.id, correctOption: q.correctOption, subTopicId: p.subTopicId }] : []
  })
  const graded = grade(questions, options.answers, settings)
  const rows = await storeAttempts(tx, graded, sitting.subTopicIds, settings, {
    userId: sitting.userId,
    lateSubTopics: options.lateSubTopics,
    practice,
    sittingId: sitting.id,
    submissionId: options.submissionId ?? null,
    now: options.now,
    lastNumbers: new Map([...states.values()].map((s) => [s.id, s.lastNumber])),
  })
  await close(options.answers)
  return { rows, graded, explanations: new Map(found.map((q) => [q.id, q.explanation])), states }
}
