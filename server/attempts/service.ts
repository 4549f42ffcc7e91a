import { and, asc, desc, eq, inArray, max } from 'drizzle-orm'
import type { z } from 'zod'
import type { TestSettings, submitInput } from '../../contract/assessment.ts'
import type { AttemptDetail, AttemptResult, ListedAttempt } from '../../contract/learning.ts'
import type { Db } from '../db/client.ts'
import type { AuthUser } from '../deps.ts'
import { mcqAttemptAnswers, mcqAttempts, mcqSittings, mcqs, subTopics } from '../db/schema.ts'
import { badRequest, conflict, forbidden, notFound } from '../http/errors.ts'
import { hasPassed, isCorrect, normaliseChosen, questionPoints, sumPoints } from './grading.ts'
import { lockLearner } from './lock.ts'
import { type GradedQuestion, reviewLevels, shownAttempt, shownReview, strictest } from './review.ts'
import { type Queryable, loadSettings } from './settings.ts'
import { type SittingRow, assertAttemptsLeft, assertPinned, isOver, knownSubTopics, ownSitting } from './sittings.ts'

export { isCorrect }

type AttemptRow = typeof mcqAttempts.$inferSelect
type SubmitInput = z.output<typeof submitInput>
type QuestionRow = { id: number; subTopicId: number; correctOption: string }
type Graded = { mcq: QuestionRow; chosen: string[]; correct: boolean; points: number }

function grade(questions: QuestionRow[], answers: Record<string, string[]>, settings: Map<number, TestSettings>): Graded[] {
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
async function storeAttempts(
  tx: Queryable,
  graded: Graded[],
  subTopicIds: number[],
  settings: Map<number, TestSettings>,
  meta: { userId: number; late: boolean; practice: boolean; sittingId: string | null; submissionId: string | null; now: Date },
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
        late: meta.late,
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
  return rows
}

/**
 * Grades a sitting's pinned questions (those still in the bank) with the given answers and closes it. Test
 * sittings respect the attempt limits: 'throw' answers 409, 'discard' closes the sitting without an attempt.
 */
export async function gradeSitting(
  tx: Queryable,
  sitting: SittingRow,
  options: {
    answers: Record<string, string[]>
    late: boolean
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
    late: options.late,
    practice,
    sittingId: sitting.id,
    submissionId: options.submissionId ?? null,
    now: options.now,
  })
  await close(options.answers)
  return rows
}

/** A sitting left open past its deadline: graded with its saved answers, late, when the learner starts again. */
export const gradeExpired = (now: Date) => (tx: Queryable, sitting: SittingRow) =>
  gradeSitting(tx, sitting, { answers: sitting.answers, late: true, now, noAttemptsLeft: 'discard' })

async function replayed(tx: Queryable, userId: number, submissionId: string | undefined) {
  if (!submissionId) return null
  const stored = await tx
    .select()
    .from(mcqAttempts)
    .where(and(eq(mcqAttempts.userId, userId), eq(mcqAttempts.submissionId, submissionId)))
    .orderBy(asc(mcqAttempts.id))
  return stored.length ? stored : null
}

/**
 * POST /mcq-attempts/create. With a sitting: grades its pinned questions once (a second submission answers the
 * stored result); after the deadline plus grace the saved answers are graded, not the ones sent, and the attempts
 * are late. Without (legacy): only where no sub-topic has a time limit, a draw or an attempt limit.
 */
export async function submitAttempt(db: Db, user: AuthUser, input: SubmitInput, now: Date): Promise<AttemptResult> {
  const rows = input.sittingId ? await submitSitting(db, user, input, now) : await submitLegacy(db, user, input, now)
  return storedResult(db, user, rows)
}

async function submitSitting(db: Db, user: AuthUser, input: SubmitInput, now: Date) {
  return db.transaction(async (tx) => {
    await lockLearner(tx, user.id)
    const sitting = await ownSitting(tx, user, input.sittingId!, { lock: true })
    const again = await replayed(tx, user.id, input.submissionId)
    if (again) return again
    if (sitting.gradedAt) return tx.select().from(mcqAttempts).where(eq(mcqAttempts.sittingId, sitting.id)).orderBy(asc(mcqAttempts.id))
    const late = isOver(sitting, now)
    if (!late && input.answers) assertPinned(sitting, input.answers)
    const answers = late || !input.answers ? sitting.answers : input.answers
    return gradeSitting(tx, sitting, { answers, late, now, submissionId: input.submissionId, noAttemptsLeft: 'throw' })
  })
}

const restricts = (s: TestSettings) => s.timeLimitMinutes > 0 || s.drawCount > 0 || s.maxAttempts > 0

async function submitLegacy(db: Db, user: AuthUser, input: SubmitInput, now: Date) {
  const answers = input.answers ?? {}
  const list = await knownSubTopics(db, user, input.subTopicIds ?? [])
  const subTopicIds = list.map((s) => s.id)
  const settings = await loadSettings(db, subTopicIds)
  if (subTopicIds.some((id) => restricts(settings.get(id)!))) throw conflict('Start the test first')

  const questions = await db
    .select({ id: mcqs.id, subTopicId: mcqs.subTopicId, correctOption: mcqs.correctOption })
    .from(mcqs)
    .where(inArray(mcqs.subTopicId, subTopicIds))
    .orderBy(asc(mcqs.subTopicId), asc(mcqs.id))
  if (!questions.length) throw badRequest('There are no questions to grade in this test')
  const inTest = new Set(questions.map((q) => String(q.id)))
  const foreign = Object.keys(answers).filter((id) => !inTest.has(id))
  if (foreign.length)
    throw badRequest(`Question ${foreign.join(', ')} is not part of this test`, { answers: `Unknown question id ${foreign.join(', ')}` })
  const graded = grade(questions, answers, settings)

  return db.transaction(async (tx) => {
    await lockLearner(tx, user.id)
    const again = await replayed(tx, user.id, input.submissionId)
    if (again) return again
    return storeAttempts(tx, graded, subTopicIds, settings, {
      userId: user.id,
      late: false,
      practice: false,
      sittingId: null,
      submissionId: input.submissionId ?? null,
      now,
    })
  })
}

/** Each attempt's graded questions, in the order the learner saw them (a sitting's order, else by id). */
async function gradedQuestions(db: Queryable, rows: AttemptRow[]): Promise<Map<number, GradedQuestion[]>> {
  const byAttempt = new Map<number, GradedQuestion[]>(rows.map((r) => [r.id, []]))
  if (!rows.length) return byAttempt
  const answers = await db
    .select({
      attemptId: mcqAttemptAnswers.attemptId,
      mcqId: mcqAttemptAnswers.mcqId,
      chosen: mcqAttemptAnswers.chosen,
      correct: mcqAttemptAnswers.correct,
      correctOption: mcqs.correctOption,
      explanation: mcqs.explanation,
    })
    .from(mcqAttemptAnswers)
    .innerJoin(mcqs, eq(mcqs.id, mcqAttemptAnswers.mcqId))
    .where(
      inArray(
        mcqAttemptAnswers.attemptId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(mcqs.subTopicId), asc(mcqs.id))
  const sittingIds = [...new Set(rows.map((r) => r.sittingId).filter((id): id is string => id !== null))]
  const order = new Map<number, number>()
  if (sittingIds.length) {
    const sittings = await db.select({ questions: mcqSittings.questions }).from(mcqSittings).where(inArray(mcqSittings.id, sittingIds))
    for (const s of sittings) for (const [i, q] of s.questions.entries()) order.set(q.mcqId, i)
  }
  const position = (mcqId: number) => order.get(mcqId) ?? Number.MAX_SAFE_INTEGER
  const sorted = order.size ? [...answers].sort((a, b) => position(a.mcqId) - position(b.mcqId)) : answers
  for (const a of sorted) {
    byAttempt.get(a.attemptId)!.push({
      mcqId: a.mcqId,
      chosen: a.chosen.split(',').filter(Boolean),
      correct: a.correct,
      correctOption: a.correctOption,
      explanation: a.explanation,
    })
  }
  return byAttempt
}

/** The result of a submission, rebuilt from its stored attempts and shown as the strictest review policy allows. */
async function storedResult(db: Db, viewer: AuthUser, rows: AttemptRow[]): Promise<AttemptResult> {
  const ownerId = rows[0]?.userId ?? viewer.id
  const levels = await reviewLevels(
    db,
    viewer,
    ownerId,
    rows.map((r) => r.subTopicId),
  )
  const level = strictest([...levels.values()])
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

/** Everyone reads their own attempts by default (never a mix of users); only admins may name another user. */
function ownerFilter(viewer: AuthUser, userId: number | undefined) {
  return viewer.role === 'admin' ? (userId ?? viewer.id) : viewer.id
}

/** GET /mcq-attempts/getById: the attempt and, as its policy allows now, its questions' review. */
export async function getAttempt(db: Db, viewer: AuthUser, id: number): Promise<AttemptDetail> {
  const [row] = await db.select().from(mcqAttempts).where(eq(mcqAttempts.id, id))
  if (!row) throw notFound('McqAttempt not found')
  if (viewer.role !== 'admin' && row.userId !== viewer.id) throw forbidden('You can only see your own attempts')
  const level = (await reviewLevels(db, viewer, row.userId, [row.subTopicId])).get(row.subTopicId)!
  const questions = await gradedQuestions(db, [row])
  return { ...shownAttempt(row, level), review: shownReview(questions.get(row.id)!, level) }
}

export async function listAttempts(
  db: Db,
  viewer: AuthUser,
  filter: { userId?: number; subTopicIds?: number[] },
): Promise<ListedAttempt[]> {
  if (viewer.role !== 'admin' && filter.userId !== undefined && filter.userId !== viewer.id)
    throw forbidden('You can only see your own attempts')
  const owner = ownerFilter(viewer, filter.userId)
  const conditions = [
    eq(mcqAttempts.userId, owner),
    filter.subTopicIds ? inArray(mcqAttempts.subTopicId, filter.subTopicIds.length ? filter.subTopicIds : [-1]) : undefined,
  ]
  const rows = await db
    .select({ attempt: mcqAttempts, subTopicTitle: subTopics.title })
    .from(mcqAttempts)
    .innerJoin(subTopics, eq(subTopics.id, mcqAttempts.subTopicId))
    .where(and(...conditions))
    .orderBy(desc(mcqAttempts.attemptedAt), desc(mcqAttempts.id))
  const levels = await reviewLevels(
    db,
    viewer,
    owner,
    rows.map((r) => r.attempt.subTopicId),
  )
  return rows.map((r) => ({ ...shownAttempt(r.attempt, levels.get(r.attempt.subTopicId)!), subTopicTitle: r.subTopicTitle }))
}
