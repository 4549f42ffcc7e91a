import { type Placeholder, type SQL, and, eq, getTableColumns, isNull, sql } from 'drizzle-orm'
import { LRUCache } from 'lru-cache'
import type { z } from 'zod'
import type { Sitting, autosaveInput } from '../../contract/assessment.ts'
import { parseOptions } from '../../contract/media.ts'
import type { Db } from '../db/client.ts'
import type { AuthUser } from '../deps.ts'
import { holdsSubTopics } from '../auth/access.ts'
import { mcqSittings, mcqs, skills, subTopics, topics, userPackages } from '../db/schema.ts'
import { preparedOnHandle, preparedPerDb } from '../db/prepared.ts'
import { badRequest, conflict, forbidden, notFound } from '../http/errors.ts'
import type { Queryable } from './settings.ts'
import { closedSubTopics, isOver, openAnswers, subTopicDeadline } from './sitting-clock.ts'

export type SittingRow = typeof mcqSittings.$inferSelect

const subTopicsHeld = preparedOnHandle((db) =>
  db
    .select({ id: subTopics.id, title: subTopics.title, assigned: userPackages.userId })
    .from(subTopics)
    .innerJoin(topics, eq(topics.id, subTopics.topicId))
    .innerJoin(skills, eq(skills.id, topics.skillId))
    .leftJoin(userPackages, and(eq(userPackages.packageId, skills.packageId), eq(userPackages.userId, sql.placeholder('userId'))))
    .where(sql`${subTopics.id} = any(${sql.placeholder('ids')}::integer[])`)
    .prepare('known_sub_topics'),
)

/** The sub-topics, in the order asked, after 404 (unknown) and 403 (not assigned) checks: one statement. */
export async function knownSubTopics(db: Queryable, user: AuthUser, ids: number[]) {
  const unique = [...new Set(ids)]
  const rows = await subTopicsHeld(db).execute({ userId: user.id, ids: unique })
  return inOrderIfHeld(
    unique,
    rows.map((r) => ({ id: r.id, title: r.title, assigned: r.assigned !== null })),
    user,
  )
}

/** `ids` (unique), as the rows found of them: 404 for one not found, 403 when the user does not hold one (admins hold all). */
export function inOrderIfHeld(ids: number[], rows: { id: number; title: string; assigned: boolean }[], user: AuthUser) {
  if (rows.length !== ids.length) {
    const found = new Set(rows.map((r) => r.id))
    throw notFound(`SubTopic not found: ${ids.filter((id) => !found.has(id)).join(', ')}`)
  }
  if (user.role !== 'admin' && rows.some((r) => !r.assigned)) throw forbidden('This package is not assigned to you')
  const byId = new Map(rows.map((r) => [r.id, { id: r.id, title: r.title }]))
  return ids.map((id) => byId.get(id)!)
}

const questionsById = preparedOnHandle((db) =>
  db
    .select({ id: mcqs.id, question: mcqs.question, options: mcqs.options })
    .from(mcqs)
    .where(sql`${mcqs.id} = any(${sql.placeholder('ids')}::integer[])`)
    .prepare('sitting_questions'),
)

/** The sitting as its learner sees it: questions in display order with their letters; never a key. */
export async function sittingView(
  db: Queryable,
  row: SittingRow,
  now: Date,
  known?: { id: number; question: string; options: string }[],
): Promise<Sitting> {
  const ids = row.questions.map((q) => q.mcqId)
  const found = known ? known : ids.length ? await questionsById(db).execute({ ids }) : []
  const byId = new Map(found.map((q) => [q.id, q]))
  return {
    sittingId: row.id,
    mode: row.mode,
    subTopicIds: row.subTopicIds,
    startedAt: row.startedAt.toISOString(),
    deadline: row.deadline?.toISOString() ?? null,
    deadlines: row.subTopicIds.map((subTopicId) => ({
      subTopicId,
      deadline: subTopicDeadline(row, subTopicId)?.toISOString() ?? null,
    })),
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

/** Whether the learner holds the package of every sub-topic of the sitting (admins hold all). */
// Spelled out with aliases: drizzle leaves column names unqualified in a one-table select, and this subquery is correlated.
const holdsEverySubTopic = (userId: SQL | Placeholder | number) => sql<boolean>`not exists (
  select 1 from sub_topics st
  join topics t on t.id = st.topic_id
  join skills sk on sk.id = t.skill_id
  left join user_packages up on up.package_id = sk.package_id and up.user_id = ${userId}
  where st.id in (select value::int from jsonb_array_elements_text(mcq_sittings.sub_topic_ids)) and up.user_id is null)`

export const sittingWithAccess = (userId: SQL | Placeholder | number) => ({
  ...getTableColumns(mcqSittings),
  held: holdsEverySubTopic(userId),
})

const sittingById = preparedPerDb((db) =>
  db
    .select()
    .from(mcqSittings)
    .where(eq(mcqSittings.id, sql.placeholder('sittingId')))
    .prepare('sitting_by_id'),
)

/** The sitting and whether its learner still holds its sub-topics: one statement, the holding from memory. */
async function readSitting(db: Db, user: AuthUser, sittingId: string) {
  const [row] = await sittingById(db).execute({ sittingId })
  if (!row) return undefined
  // Someone else's sitting is refused as such (assertOwn): its sub-topics need no look.
  const held = row.userId === user.id && (await holdsSubTopics(db, user, row.subTopicIds))
  return { ...row, held }
}

/** 404 unknown, 403 someone else's or of a package no longer assigned to them. */
export function assertOwn<T extends Pick<SittingRow, 'userId'> & { held: boolean }>(row: T | undefined, user: AuthUser): Omit<T, 'held'> {
  if (!row) throw notFound('Sitting not found')
  if (row.userId !== user.id) throw forbidden('You can only use your own tests')
  if (user.role !== 'admin' && !row.held) throw forbidden('This package is not assigned to you')
  const { held: _, ...sitting } = row
  return sitting
}

export async function getSitting(db: Db, user: AuthUser, sittingId: string, now: Date): Promise<Sitting> {
  const row = await readSitting(db, user, sittingId)
  return sittingView(db, assertOwn(row, user), now)
}

/** The answered questions that are not pinned to the sitting. */
const foreignQuestions = (row: Pick<SittingRow, 'questions'>, answers: Record<string, string[]>) => {
  const pinned = new Set(row.questions.map((q) => String(q.mcqId)))
  return Object.keys(answers).filter((id) => !pinned.has(id))
}

/** Every answered question must be one pinned to the sitting (400 naming the others). */
export function assertPinned(row: Pick<SittingRow, 'questions'>, answers: Record<string, string[]>) {
  const foreign = foreignQuestions(row, answers)
  if (foreign.length)
    throw badRequest(`Question ${foreign.join(', ')} is not part of this test`, { answers: `Unknown question id ${foreign.join(', ')}` })
}

const saveAnswers = preparedPerDb((db) =>
  db
    .update(mcqSittings)
    .set({ answers: sql`${sql.placeholder('answers')}::jsonb`, answersSavedAt: sql`${sql.placeholder('now')}::timestamptz` })
    .where(and(eq(mcqSittings.id, sql.placeholder('sittingId')), isNull(mcqSittings.gradedAt)))
    .returning({ id: mcqSittings.id })
    .prepare('sitting_save_answers'),
)

/** What a sitting never changes once started: all but its answers and its grading. */
type SittingFrame = Omit<SittingRow, 'answers' | 'answersSavedAt' | 'gradedAt' | 'submissionId'>

/** Frames of the sittings autosaved lately, per database, by id: nothing changes them, so nothing drops them but age. */
const framesByDatabase = new WeakMap<object, LRUCache<string, SittingFrame>>()
function framesOf(db: Db) {
  let frames = framesByDatabase.get(db)
  if (!frames) {
    frames = new LRUCache<string, SittingFrame>({ max: 10_000 })
    framesByDatabase.set(db, frames)
  }
  return frames
}

/**
 * PUT /sittings/{id}/answers: replaces the saved answers, except those of sub-topics past their own deadline (they
 * keep their saved value); 409 once graded or once the whole sitting is past its deadline plus grace.
 *
 * While the sitting's frame is kept, it is open, none of its sub-topics has closed and every answered question is
 * pinned to it, the write alone suffices: it holds only while the sitting is ungraded, and the holding comes from
 * memory (holdsSubTopics). Otherwise, or when the write finds it graded or gone, one read and one write that holds
 * only while the sitting is open: one graded in between is read again and answers its 409.
 */
export async function autosave(
  db: Db,
  user: AuthUser,
  sittingId: string,
  input: z.output<typeof autosaveInput>,
  now: Date,
): Promise<{ savedAt: string }> {
  const frame = framesOf(db).get(sittingId)
  // A foreign question goes the row's way too: a graded sitting answers its 409 before the 400.
  if (frame && !isOver(frame, now) && closedSubTopics(frame, now).size === 0 && !foreignQuestions(frame, input.answers).length) {
    const held = frame.userId === user.id && (await holdsSubTopics(db, user, frame.subTopicIds))
    assertOwn({ ...frame, held }, user)
    const answers = openAnswers({ questions: frame.questions, answers: {} }, input.answers, new Set())
    const [saved] = await saveAnswers(db).execute({ sittingId, answers: JSON.stringify(answers), now })
    if (saved) return { savedAt: now.toISOString() }
  }
  return autosaveFromRow(db, user, sittingId, input, now)
}

/** The autosave from the sitting's row, which it then keeps the frame of while the sitting is ungraded. */
async function autosaveFromRow(
  db: Db,
  user: AuthUser,
  sittingId: string,
  input: z.output<typeof autosaveInput>,
  now: Date,
): Promise<{ savedAt: string }> {
  const row = assertOwn(await readSitting(db, user, sittingId), user)
  const { answers: _, answersSavedAt: __, gradedAt, submissionId: ___, ...frame } = row
  if (gradedAt) throw conflict('This test has already been submitted')
  framesOf(db).set(sittingId, frame)
  if (isOver(row, now)) throw conflict('Time is up')
  assertPinned(row, input.answers)
  const answers = openAnswers(row, input.answers, closedSubTopics(row, now))
  const [saved] = await saveAnswers(db).execute({ sittingId, answers: JSON.stringify(answers), now })
  if (!saved) return autosaveFromRow(db, user, sittingId, input, now)
  return { savedAt: now.toISOString() }
}
