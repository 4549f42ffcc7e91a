import { randomUUID } from 'node:crypto'
import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Sitting, SittingMode, TestSettings, startInput } from '../../contract/assessment.ts'
import type { Db } from '../db/client.ts'
import type { AuthUser } from '../deps.ts'
import { mcqAttemptAnswers, mcqAttempts, mcqSittings, mcqs } from '../db/schema.ts'
import { AppError, badRequest, conflict, forbidden } from '../http/errors.ts'
import { type SubTopicState, attemptsLeft, subTopicStates } from './allowance.ts'
import { type PinnedQuestion, pinSubTopic } from './draw.ts'
import { gradeExpired } from './expiry.ts'
import { lockLearner } from './lock.ts'
import { preparedOnHandle } from '../db/prepared.ts'
import { reviewLevel, showsAnswers } from './review.ts'
import type { Queryable } from './settings.ts'
import { deadlinesFor, isOver } from './sitting-clock.ts'
import { type SittingRow, inOrderIfHeld, sittingView } from './sittings.ts'

/** Each open sitting pins its questions and answers; a learner may hold this many at once. */
export const MAX_OPEN_SITTINGS = 10
/** New sittings (tests and practice) a learner may start per window. */
export const STARTS_PER_WINDOW = 20
const START_WINDOW_MS = 10 * 60_000

/** The sorted, comma-joined sub-topic ids: one open sitting per learner, set and mode. */
export const setKeyOf = (subTopicIds: number[]) => [...new Set(subTopicIds)].sort((a, b) => a - b).join(',')

/** The questions of the learner's last graded test attempt of each sub-topic that they got wrong. */
async function mistakes(db: Queryable, userId: number, subTopicIds: number[]) {
  const wrong = new Set<number>()
  for (const subTopicId of subTopicIds) {
    const [last] = await db
      .select({ id: mcqAttempts.id })
      .from(mcqAttempts)
      .where(and(eq(mcqAttempts.userId, userId), eq(mcqAttempts.subTopicId, subTopicId), eq(mcqAttempts.practice, false)))
      .orderBy(desc(mcqAttempts.attemptedAt), desc(mcqAttempts.id))
      .limit(1)
    if (!last) continue
    const rows = await db
      .select({ mcqId: mcqAttemptAnswers.mcqId })
      .from(mcqAttemptAnswers)
      .where(and(eq(mcqAttemptAnswers.attemptId, last.id), eq(mcqAttemptAnswers.correct, false)))
    for (const r of rows) wrong.add(r.mcqId)
  }
  return wrong
}

const questionBank = preparedOnHandle((db) =>
  db
    .select({ id: mcqs.id, subTopicId: mcqs.subTopicId, question: mcqs.question, options: mcqs.options })
    .from(mcqs)
    .where(sql`${mcqs.subTopicId} = any(${sql.placeholder('subTopicIds')}::integer[])`)
    .orderBy(asc(mcqs.id))
    .prepare('sitting_question_bank'),
)

/** Draws and orders each sub-topic's questions (or, for practice, picks the mistakes) for a new sitting. */
async function pinQuestions(
  db: Queryable,
  userId: number,
  subTopicIds: number[],
  mode: SittingMode,
  settings: Map<number, TestSettings>,
): Promise<{ pinned: PinnedQuestion[]; questions: { id: number; subTopicId: number; question: string; options: string }[] }> {
  const questions = await questionBank(db).execute({ subTopicIds })
  const wrong = mode === 'mistakes' ? await mistakes(db, userId, subTopicIds) : null
  const pinned = subTopicIds.flatMap((subTopicId) => {
    const own = questions.filter((q) => q.subTopicId === subTopicId && (!wrong || wrong.has(q.id)))
    return pinSubTopic(subTopicId, own, settings.get(subTopicId)!, { draw: mode === 'test' })
  })
  if (!pinned.length)
    throw mode === 'mistakes'
      ? conflict('Nothing to practise: your last attempt has no mistakes')
      : badRequest('There are no questions in this test')
  return { pinned, questions }
}

/**
 * 403 unless the learner may already see the answers of every sub-topic: the practice set is exactly the questions
 * got wrong, so offering it earlier would tell what the review policy hides.
 */
function assertMistakesVisible(list: { id: number; title: string }[], states: Map<number, SubTopicState>) {
  const hidden = list.find((s) => {
    const state = states.get(s.id)!
    return !showsAnswers(reviewLevel(state.settings, state.counts))
  })
  if (hidden) throw forbidden(`Practising your mistakes opens once the answers of "${hidden.title}" may be seen`)
}

/** The learner's open sittings and those started since `since`, in one statement. */
const openAndRecent = preparedOnHandle((tx) =>
  tx
    .select()
    .from(mcqSittings)
    .where(
      and(
        eq(mcqSittings.userId, sql.placeholder('userId')),
        or(isNull(mcqSittings.gradedAt), sql`${mcqSittings.startedAt} > ${sql.placeholder('since')}::timestamptz`),
      ),
    )
    .prepare('open_and_recent_sittings'),
)

/**
 * The learner's open sittings, with those past their deadline graded first. 409 when a test would share a
 * sub-topic with another open test (one clock and one draw per sub-topic), or when too many are open; 429 when
 * too many were started lately. The caller holds the learner's lock, so these counts hold across tabs and instances.
 */
async function openSittingsAfterChecks(
  tx: Queryable,
  userId: number,
  list: { id: number; title: string }[],
  mode: SittingMode,
  now: Date,
): Promise<SittingRow[]> {
  const since = new Date(now.getTime() - START_WINDOW_MS)
  const rows = await openAndRecent(tx).execute({ userId, since })
  const open: SittingRow[] = []
  for (const row of rows.filter((r) => r.gradedAt === null)) {
    if (isOver(row, now)) await gradeExpired(now)(tx, row)
    else open.push(row)
  }
  const setKey = setKeyOf(list.map((s) => s.id))
  const same = open.find((s) => s.setKey === setKey && s.mode === mode)
  if (same) return [same]
  if (mode === 'test') {
    const taken = new Set(open.filter((s) => s.mode === 'test').flatMap((s) => s.subTopicIds))
    const shared = list.find((s) => taken.has(s.id))
    if (shared) throw conflict(`"${shared.title}" is already in an open test: finish it first`)
  }
  if (open.length >= MAX_OPEN_SITTINGS) throw conflict(`You have ${MAX_OPEN_SITTINGS} tests open: submit one before starting another`)
  if (rows.filter((r) => r.startedAt > since).length >= STARTS_PER_WINDOW)
    throw new AppError(429, 'Too many tests started: try again in a few minutes', {
      headers: { 'Retry-After': String(START_WINDOW_MS / 1000) },
    })
  return []
}

const insertSitting = preparedOnHandle((tx) => {
  const json = (name: string) => sql`${sql.placeholder(name)}::jsonb`
  const time = (name: string) => sql`${sql.placeholder(name)}::timestamptz`
  return tx
    .insert(mcqSittings)
    .values({
      id: sql.placeholder('id'),
      userId: sql.placeholder('userId'),
      setKey: sql.placeholder('setKey'),
      subTopicIds: json('subTopicIds'),
      mode: sql.placeholder('mode'),
      questions: json('questions'),
      answers: sql`'{}'::jsonb`,
      startedAt: time('startedAt'),
      deadline: time('deadline'),
      subTopicDeadlines: json('subTopicDeadlines'),
    })
    .returning()
    .prepare('sitting_insert')
})

/**
 * POST /mcq-attempts/start: a new sitting (draw, order and each sub-topic's deadline pinned), or the open one for
 * the same set and mode (a reload resumes). Sittings left open past their deadline are graded first, late.
 */
export async function startSitting(db: Db, user: AuthUser, input: z.output<typeof startInput>, now: Date): Promise<Sitting> {
  const subTopicIds = [...new Set(input.subTopicIds)]
  const { row, bank } = await db.transaction(async (tx) => {
    await lockLearner(tx, user.id)
    // The sub-topics' states answer the 404 and 403 checks too: one statement for both.
    const states = await subTopicStates(tx, user.id, subTopicIds)
    const list = inOrderIfHeld(subTopicIds, [...states.values()], user)
    const [resumed] = await openSittingsAfterChecks(tx, user.id, list, input.mode, now)
    if (resumed) return { row: resumed, bank: undefined }
    const settings = new Map(subTopicIds.map((id) => [id, states.get(id)!.settings]))
    if (input.mode === 'test') {
      const spent = list.find((s) => attemptsLeft(states.get(s.id)!.settings, states.get(s.id)!.counts) === 0)
      if (spent) throw conflict(`No attempts left for "${spent.title}"`)
    } else assertMistakesVisible(list, states)
    const { pinned: questions, questions: bank } = await pinQuestions(tx, user.id, subTopicIds, input.mode, settings)
    const clock = input.mode === 'test' ? deadlinesFor(subTopicIds, settings, now) : { subTopicDeadlines: {}, deadline: null }
    const [created] = await insertSitting(tx).execute({
      id: randomUUID(),
      userId: user.id,
      setKey: setKeyOf(subTopicIds),
      subTopicIds: JSON.stringify(subTopicIds),
      mode: input.mode,
      questions: JSON.stringify(questions),
      startedAt: now,
      deadline: clock.deadline,
      subTopicDeadlines: JSON.stringify(clock.subTopicDeadlines),
    })
    return { row: created!, bank }
  })
  return sittingView(db, row, now, bank)
}
