import { randomUUID } from 'node:crypto'
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm'
import type { z } from 'zod'
import {
  DEADLINE_GRACE_SECONDS,
  type Sitting,
  type SittingMode,
  type TestSettings,
  type autosaveInput,
  type startInput,
} from '../../contract/assessment.ts'
import { parseOptions } from '../../contract/media.ts'
import type { Db } from '../db/client.ts'
import type { AuthUser } from '../deps.ts'
import { mcqAttemptAnswers, mcqAttempts, mcqSittings, mcqs, subTopics } from '../db/schema.ts'
import { assertSubTopicsAccess } from '../auth/access.ts'
import { badRequest, conflict, forbidden, notFound } from '../http/errors.ts'
import { type PinnedQuestion, pinSubTopic } from './draw.ts'
import { type Queryable, attemptsUsed, loadSettings } from './settings.ts'
import { lockLearner } from './lock.ts'

export type SittingRow = typeof mcqSittings.$inferSelect

/** The sorted, comma-joined sub-topic ids: one open sitting per learner, set and mode. */
export const setKeyOf = (subTopicIds: number[]) => [...new Set(subTopicIds)].sort((a, b) => a - b).join(',')

/** Past the deadline and its grace: autosaves are refused and a submission grades the saved answers. */
export const isOver = (sitting: Pick<SittingRow, 'deadline'>, now: Date) =>
  sitting.deadline !== null && now.getTime() > sitting.deadline.getTime() + DEADLINE_GRACE_SECONDS * 1000

/** The sub-topics, in the order asked, after 404 (unknown) and 403 (not assigned) checks. */
export async function knownSubTopics(db: Queryable, user: AuthUser, ids: number[]) {
  const unique = [...new Set(ids)]
  const rows = await db.select({ id: subTopics.id, title: subTopics.title }).from(subTopics).where(inArray(subTopics.id, unique))
  if (rows.length !== unique.length) {
    const found = new Set(rows.map((r) => r.id))
    throw notFound(`SubTopic not found: ${unique.filter((id) => !found.has(id)).join(', ')}`)
  }
  await assertSubTopicsAccess(db as Db, user, unique)
  const byId = new Map(rows.map((r) => [r.id, r]))
  return unique.map((id) => byId.get(id)!)
}

/** 409 naming the first sub-topic without attempts left. */
export async function assertAttemptsLeft(
  db: Queryable,
  userId: number,
  list: { id: number; title: string }[],
  settings: Map<number, TestSettings>,
) {
  const used = await attemptsUsed(
    db,
    userId,
    list.map((s) => s.id),
  )
  const spent = list.find((s) => {
    const max = settings.get(s.id)!.maxAttempts
    return max > 0 && used.get(s.id)! >= max
  })
  if (spent) throw conflict(`No attempts left for "${spent.title}"`)
}

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

/** Draws and orders each sub-topic's questions (or, for practice, picks the mistakes) for a new sitting. */
async function pinQuestions(
  db: Queryable,
  userId: number,
  subTopicIds: number[],
  mode: SittingMode,
  settings: Map<number, TestSettings>,
): Promise<PinnedQuestion[]> {
  const questions = await db
    .select({ id: mcqs.id, subTopicId: mcqs.subTopicId, options: mcqs.options })
    .from(mcqs)
    .where(inArray(mcqs.subTopicId, subTopicIds))
    .orderBy(asc(mcqs.id))
  const wrong = mode === 'mistakes' ? await mistakes(db, userId, subTopicIds) : null
  const pinned = subTopicIds.flatMap((subTopicId) => {
    const own = questions.filter((q) => q.subTopicId === subTopicId && (!wrong || wrong.has(q.id)))
    return pinSubTopic(subTopicId, own, settings.get(subTopicId)!, { draw: mode === 'test' })
  })
  if (!pinned.length)
    throw mode === 'mistakes'
      ? conflict('Nothing to practise: your last attempt has no mistakes')
      : badRequest('There are no questions in this test')
  return pinned
}

/**
 * POST /mcq-attempts/start: a new sitting (draw, order and deadline pinned), or the open one for the same set and
 * mode (a reload resumes). A sitting left open past its deadline is graded first, with its saved answers, as late.
 */
export async function startSitting(
  db: Db,
  user: AuthUser,
  input: z.output<typeof startInput>,
  now: Date,
  gradeExpired: (tx: Queryable, sitting: SittingRow) => Promise<unknown>,
): Promise<Sitting> {
  const list = await knownSubTopics(db, user, input.subTopicIds)
  const subTopicIds = list.map((s) => s.id)
  const setKey = setKeyOf(subTopicIds)
  const row = await db.transaction(async (tx) => {
    await lockLearner(tx, user.id)
    const [open] = await tx
      .select()
      .from(mcqSittings)
      .where(
        and(
          eq(mcqSittings.userId, user.id),
          eq(mcqSittings.setKey, setKey),
          eq(mcqSittings.mode, input.mode),
          isNull(mcqSittings.gradedAt),
        ),
      )
    if (open && !isOver(open, now)) return open
    if (open) await gradeExpired(tx, open)
    const settings = await loadSettings(tx, subTopicIds)
    if (input.mode === 'test') await assertAttemptsLeft(tx, user.id, list, settings)
    const questions = await pinQuestions(tx, user.id, subTopicIds, input.mode, settings)
    const minutes = input.mode === 'test' ? subTopicIds.reduce((sum, id) => sum + settings.get(id)!.timeLimitMinutes, 0) : 0
    const [created] = await tx
      .insert(mcqSittings)
      .values({
        id: randomUUID(),
        userId: user.id,
        setKey,
        subTopicIds,
        mode: input.mode,
        questions,
        answers: {},
        startedAt: now,
        deadline: minutes ? new Date(now.getTime() + minutes * 60_000) : null,
      })
      .returning()
    return created!
  })
  return sittingView(db, row, now)
}

/** The sitting as its learner sees it: questions in display order with their letters; never a key. */
export async function sittingView(db: Queryable, row: SittingRow, now: Date): Promise<Sitting> {
  const ids = row.questions.map((q) => q.mcqId)
  const found = ids.length
    ? await db.select({ id: mcqs.id, question: mcqs.question, options: mcqs.options }).from(mcqs).where(inArray(mcqs.id, ids))
    : []
  const byId = new Map(found.map((q) => [q.id, q]))
  return {
    sittingId: row.id,
    mode: row.mode,
    subTopicIds: row.subTopicIds,
    startedAt: row.startedAt.toISOString(),
    deadline: row.deadline?.toISOString() ?? null,
    now: now.toISOString(),
    questions: row.questions.flatMap((pinned) => {
      const mcq = byId.get(pinned.mcqId)
      if (!mcq) return []
      const options = parseOptions(mcq.options) as Record<string, string>
      return [
        {
          id: mcq.id,
          subTopicId: pinned.subTopicId,
          question: mcq.question,
          options: pinned.optionOrder.filter((key) => options[key] !== undefined).map((key) => ({ key, text: options[key]! })),
        },
      ]
    }),
    answers: row.answers,
    gradedAt: row.gradedAt?.toISOString() ?? null,
  }
}

/** The caller's own sitting: 404 unknown, 403 someone else's. */
export async function ownSitting(db: Queryable, user: AuthUser, sittingId: string, options: { lock?: boolean } = {}) {
  const query = db.select().from(mcqSittings).where(eq(mcqSittings.id, sittingId))
  const [row] = options.lock ? await query.for('update') : await query
  if (!row) throw notFound('Sitting not found')
  if (row.userId !== user.id) throw forbidden('You can only use your own tests')
  return row
}

export async function getSitting(db: Db, user: AuthUser, sittingId: string, now: Date): Promise<Sitting> {
  return sittingView(db, await ownSitting(db, user, sittingId), now)
}

/** Every answered question must be one pinned to the sitting (400 naming the others). */
export function assertPinned(row: SittingRow, answers: Record<string, string[]>) {
  const pinned = new Set(row.questions.map((q) => String(q.mcqId)))
  const foreign = Object.keys(answers).filter((id) => !pinned.has(id))
  if (foreign.length)
    throw badRequest(`Question ${foreign.join(', ')} is not part of this test`, { answers: `Unknown question id ${foreign.join(', ')}` })
}

/** PUT /sittings/{id}/answers: replaces the saved answers; 409 once graded or after the deadline plus grace. */
export async function autosave(db: Db, user: AuthUser, sittingId: string, input: z.output<typeof autosaveInput>, now: Date) {
  return db.transaction(async (tx) => {
    const row = await ownSitting(tx, user, sittingId, { lock: true })
    if (row.gradedAt) throw conflict('This test has already been submitted')
    if (isOver(row, now)) throw conflict('Time is up')
    assertPinned(row, input.answers)
    await tx.update(mcqSittings).set({ answers: input.answers, answersSavedAt: now }).where(eq(mcqSittings.id, row.id))
    return { savedAt: now.toISOString() }
  })
}
