import { count, eq, inArray } from 'drizzle-orm'
import {
  DEFAULT_TEST_SETTINGS,
  type TestSettings,
  type TestSettingsInput,
  type TestSettingsView,
  type testSettingsInput,
} from '../../contract/assessment.ts'
import type { z } from 'zod'
import type { Db } from '../db/client.ts'
import type { AuthUser } from '../deps.ts'
import { mcqs, subTopics, testSettings } from '../db/schema.ts'
import { assertSubTopicsAccess } from '../auth/access.ts'
import { badRequest, notFound } from '../http/errors.ts'
import { attemptCounts, attemptsLeft } from './allowance.ts'
import { reviewLevel } from './review.ts'

/** A database handle or an open transaction. */
export type Queryable = Pick<Db, 'select' | 'insert' | 'update' | 'execute'>

type SettingsRow = typeof testSettings.$inferSelect

const fromRow = (row: SettingsRow): TestSettings => ({
  passMark: row.passMark,
  maxAttempts: row.maxAttempts,
  timeLimitMinutes: row.timeLimitMinutes,
  shuffleQuestions: row.shuffleQuestions,
  shuffleOptions: row.shuffleOptions,
  drawCount: row.drawCount,
  reviewPolicy: row.reviewPolicy,
  reviewAfterLastAttemptOnly: row.reviewAfterLastAttemptOnly,
  scoring: row.scoring,
})

/** Each sub-topic's settings; a sub-topic without a row gets the defaults (today's behaviour). */
export async function loadSettings(db: Queryable, subTopicIds: number[]): Promise<Map<number, TestSettings>> {
  const rows = subTopicIds.length ? await db.select().from(testSettings).where(inArray(testSettings.subTopicId, subTopicIds)) : []
  const stored = new Map(rows.map((r) => [r.subTopicId, fromRow(r)]))
  return new Map(subTopicIds.map((id) => [id, stored.get(id) ?? { ...DEFAULT_TEST_SETTINGS }]))
}

async function assertSubTopic(db: Db, subTopicId: number) {
  const [row] = await db.select({ id: subTopics.id }).from(subTopics).where(eq(subTopics.id, subTopicId))
  if (!row) throw notFound('SubTopic not found')
}

/** GET /subTopic/{id}/test-settings: the settings and the caller's own attempt counts and review level. */
export async function getSettingsView(db: Db, user: AuthUser, subTopicId: number): Promise<TestSettingsView> {
  await assertSubTopic(db, subTopicId)
  await assertSubTopicsAccess(db, user, [subTopicId])
  const settings = (await loadSettings(db, [subTopicId])).get(subTopicId)!
  const counts = (await attemptCounts(db, user.id, [subTopicId])).get(subTopicId)!
  return {
    subTopicId,
    ...settings,
    attemptsUsed: counts.used,
    attemptsGranted: counts.granted,
    attemptsLeft: attemptsLeft(settings, counts),
    reviewLevel: user.role === 'admin' ? 'answers_and_explanations' : reviewLevel(settings, counts),
  }
}

/** 400 on drawCount when a sub-topic's test would draw more questions than its bank holds. */
async function assertDrawFitsBank(db: Db, subTopicId: number, drawCount: number) {
  const [row] = await db.select({ n: count() }).from(mcqs).where(eq(mcqs.subTopicId, subTopicId))
  const bank = Number(row?.n ?? 0)
  if (drawCount <= bank) return
  const message = `Questions per attempt (${drawCount}) cannot exceed the ${bank} ${bank === 1 ? 'question' : 'questions'} in this sub-topic's bank.`
  throw badRequest(message, { drawCount: message })
}

/** PUT (admins): the fields sent replace the stored ones; the others keep their value. */
export async function putSettings(
  db: Db,
  user: AuthUser,
  subTopicId: number,
  input: z.output<typeof testSettingsInput> | TestSettingsInput,
): Promise<TestSettingsView> {
  await assertSubTopic(db, subTopicId)
  if (input.drawCount) await assertDrawFitsBank(db, subTopicId, input.drawCount)
  const current = (await loadSettings(db, [subTopicId])).get(subTopicId)!
  const next: TestSettings = { ...current, ...input }
  await db
    .insert(testSettings)
    .values({ subTopicId, ...next, updatedAt: new Date() })
    .onConflictDoUpdate({ target: testSettings.subTopicId, set: { ...next, updatedAt: new Date() } })
  return getSettingsView(db, user, subTopicId)
}
