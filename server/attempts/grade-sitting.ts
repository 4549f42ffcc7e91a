import { and, eq, inArray, max } from 'drizzle-orm'
import type { TestSettings } from '../../contract/assessment.ts'
import { mcqAttemptAnswers, mcqAttempts, mcqSittings, mcqs, subTopics } from '../db/schema.ts'
import { markCompletedInSubTopics } from '../assignments/completion.ts'
import { hasPassed, isCorrect, normaliseChosen, questionPoints, sumPoints } from './grading.ts'
import { type Queryable, loadSettings } from './settings.ts'
import { type SittingRow, assertAttemptsLeft } from './sittings.ts'

export type AttemptRow = typeof mcqAttempts.$inferSelect
export type QuestionRow = { id: number; subTopicId: number; correctOption: string }
type Graded = { mcq: QuestionRow; chosen: string[]; correct: boolean; points: number }

export function grade(questions: QuestionRow[], answers: Record<string, string[]>, settings: Map<number, TestSettings>): Graded[] {
  return questions.map((mcq) => {
    const chosen = normaliseChosen(answers[String(mcq.id)])
    const scoring = settings.get(mcq.subTopicId)!.scoring
    return { mcq, chosen, correct: isCorrect(chosen, mcq.correctOption), points: questionPoints(chosen, mcq.correctOption, scoring) }
  })
}

/**
 * Stores one attempt per sub-topic (with that sub-topic's score, total, pass mark and verdict) and each question's
 * answer. Test attempts are numbered on per learner and sub-topic; practice attempts carry 0. The caller holds the
 * learner's lock.
 */
export async function storeAttempts(
  tx: Queryable,
  graded: Graded[],
  subTopicIds: number[],
  settings: Map<number, TestSettings>,
  meta: { userId: number; lateSubTopics: Set<number>; practice: boolean; sittingId: string | null; submissionId: string | null; now: Date },
): Promise<AttemptRow[]> {
  const rows: AttemptRow[] = []
  for (const subTopicId of subTopicIds) {
    const own = graded.filter((g) => g.mcq.subTopicId === subTopicId)
    if (!own.length) continue
    let attemptNumber = 0
    if (!meta.practice) {
      const [last] = await tx
        .select({ n: max(mcqAttempts.attemptNumber) })
        .from(mcqAttempts)
        .where(and(eq(mcqAttempts.userId, meta.userId), eq(mcqAttempts.subTopicId, subTopicId), eq(mcqAttempts.practice, false)))
      attemptNumber = (last?.n ?? 0) + 1
    }
    const score = sumPoints(own.map((g) => g.points))
    const { passMark } = settings.get(subTopicId)!
    const [row] = await tx
      .insert(mcqAttempts)
      .values({
        userId: meta.userId,
        subTopicId,
        attemptNumber,
        score,
        totalMarks: own.length,
        passMark,
        passed: hasPassed(score, own.length, passMark),
        late: meta.lateSubTopics.has(subTopicId),
        practice: meta.practice,
        sittingId: meta.sittingId,
        submissionId: meta.submissionId,
        attemptedAt: meta.now,
      })
      .returning()
    await tx
      .insert(mcqAttemptAnswers)
      .values(own.map((g) => ({ attemptId: row!.id, mcqId: g.mcq.id, chosen: g.chosen.join(','), correct: g.correct })))
    rows.push(row!)
  }
  const passed = rows.filter((r) => r.passed && !r.practice).map((r) => r.subTopicId)
  await markCompletedInSubTopics(tx, meta.userId, passed, meta.now)
  return rows
}

/**
 * Grades a sitting's pinned questions (those still in the bank) with the given answers and closes it; the attempts
 * of `lateSubTopics` are marked late. Test sittings respect the attempt limits: 'throw' answers 409, 'discard'
 * closes the sitting without an attempt.
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
): Promise<AttemptRow[]> {
  const settings = await loadSettings(tx, sitting.subTopicIds)
  const practice = sitting.mode === 'mistakes'
  const close = (answers: Record<string, string[]>) =>
    tx
      .update(mcqSittings)
      .set({ gradedAt: options.now, answers, submissionId: options.submissionId ?? null })
      .where(eq(mcqSittings.id, sitting.id))
  if (!practice) {
    const list = await tx
      .select({ id: subTopics.id, title: subTopics.title })
      .from(subTopics)
      .where(inArray(subTopics.id, sitting.subTopicIds))
    try {
      await assertAttemptsLeft(tx, sitting.userId, list, settings)
    } catch (err) {
      if (options.noAttemptsLeft === 'throw') throw err
      await close(sitting.answers)
      return []
    }
  }
  const ids = sitting.questions.map((q) => q.mcqId)
  const found = ids.length
    ? await tx
        .select({ id: mcqs.id, subTopicId: mcqs.subTopicId, correctOption: mcqs.correctOption })
        .from(mcqs)
        .where(inArray(mcqs.id, ids))
    : []
  const byId = new Map(found.map((q) => [q.id, q]))
  const questions = sitting.questions.flatMap((p) => {
    const q = byId.get(p.mcqId)
    return q ? [{ ...q, subTopicId: p.subTopicId }] : []
  })
  const graded = grade(questions, options.answers, settings)
  const rows = await storeAttempts(tx, graded, sitting.subTopicIds, settings, {
    userId: sitting.userId,
    lateSubTopics: options.lateSubTopics,
    practice,
    sittingId: sitting.id,
    submissionId: options.submissionId ?? null,
    now: options.now,
  })
  await close(options.answers)
  return rows
}
