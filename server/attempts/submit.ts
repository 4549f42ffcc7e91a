import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { submitInput } from '../../contract/assessment.ts'
import type { AttemptResult } from '../../contract/learning.ts'
import type { Db } from '../db/client.ts'
import type { AuthUser } from '../deps.ts'
import { mcqAttempts, mcqSittings, mcqs } from '../db/schema.ts'
import { badRequest } from '../http/errors.ts'
import { type AttemptRow, type GradedSitting, grade, gradeSitting, storeAttempts } from './grade-sitting.ts'
import { subTopicStates } from './allowance.ts'
import { lockLearner } from './lock.ts'
import { preparedOnHandle } from '../db/prepared.ts'
import { freshResult, storedResult } from './result.ts'
import { type Queryable, loadSettings } from './settings.ts'
import { assertNoSittingNeeded } from './question-access.ts'
import { closedSubTopics, isOver, openAnswers } from './sitting-clock.ts'
import { assertOwn, assertPinned, knownSubTopics, sittingWithAccess } from './sittings.ts'

type SubmitInput = z.output<typeof submitInput>

async function replayed(tx: Queryable, userId: number, submissionId: string | undefined) {
  if (!submissionId) return null
  const stored = await tx
    .select()
    .from(mcqAttempts)
    .where(and(eq(mcqAttempts.userId, userId), eq(mcqAttempts.submissionId, submissionId)))
    .orderBy(asc(mcqAttempts.id))
  return stored.length ? stored : null
}

/** The sitting, locked, and whether this submission (null: none sent) was stored already, in one statement. */
const sittingToSubmit = preparedOnHandle((tx) => {
  const userId = sql.placeholder('userId')
  const replay = sql<boolean>`exists (select 1 from mcq_attempts ma where ma.user_id = ${userId} and ma.submission_id = ${sql.placeholder('submissionId')}::text)`
  return tx
    .select({ ...sittingWithAccess(userId), replay })
    .from(mcqSittings)
    .where(eq(mcqSittings.id, sql.placeholder('sittingId')))
    .for('update', { of: mcqSittings })
    .prepare('sitting_to_submit')
})

/**
 * POST /mcq-attempts/create. With a sitting: grades its pinned questions once (a second submission answers the
 * stored result); after the deadline plus grace the saved answers are graded, not the ones sent, and the attempts
 * are late. Without (legacy): only where no sub-topic has a time limit, a draw or an attempt limit.
 */
export async function submitAttempt(db: Db, user: AuthUser, input: SubmitInput, now: Date): Promise<AttemptResult> {
  const outcome = input.sittingId ? await submitSitting(db, user, input, now) : await submitLegacy(db, user, input, now)
  return Array.isArray(outcome) ? storedResult(db, user, outcome) : freshResult(user, outcome)
}

async function submitSitting(db: Db, user: AuthUser, input: SubmitInput, now: Date) {
  return db.transaction(async (tx): Promise<AttemptRow[] | GradedSitting> => {
    await lockLearner(tx, user.id)
    const [read] = await sittingToSubmit(tx).execute({
      userId: user.id,
      sittingId: input.sittingId!,
      submissionId: input.submissionId ?? null,
    })
    const { replay: seen, ...sitting } = assertOwn(read, user)
    const again = seen ? await replayed(tx, user.id, input.submissionId) : null
    if (again) return again
    if (sitting.gradedAt) return tx.select().from(mcqAttempts).where(eq(mcqAttempts.sittingId, sitting.id)).orderBy(asc(mcqAttempts.id))
    const late = closedSubTopics(sitting, now)
    if (!isOver(sitting, now) && input.answers) assertPinned(sitting, input.answers)
    const answers = input.answers ? openAnswers(sitting, input.answers, late) : sitting.answers
    return gradeSitting(tx, sitting, { answers, lateSubTopics: late, now, submissionId: input.submissionId, noAttemptsLeft: 'throw' })
  })
}

async function submitLegacy(db: Db, user: AuthUser, input: SubmitInput, now: Date) {
  const answers = input.answers ?? {}
  const list = await knownSubTopics(db, user, input.subTopicIds ?? [])
  const subTopicIds = list.map((s) => s.id)
  const settings = await loadSettings(db, subTopicIds)
  assertNoSittingNeeded(settings)

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
    const states = await subTopicStates(tx, user.id, subTopicIds)
    return storeAttempts(tx, graded, subTopicIds, settings, {
      userId: user.id,
      lateSubTopics: new Set(),
      practice: false,
      sittingId: null,
      submissionId: input.submissionId ?? null,
      now,
      lastNumbers: new Map([...states.values()].map((state) => [state.id, state.lastNumber])),
    })
  })
}
