import { and, count, eq, inArray } from 'drizzle-orm'
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
import { mcqAttempts, subTopics, testSettings } from '../db/schema.ts'
import { assertSubTopicsAccess } from '../auth/access.ts'
import { notFound } from '../http/errors.ts'

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

/** A learner's graded attempts per sub-topic; practice attempts do not count. */
export async function attemptsUsed(db: Queryable, userId: number, subTopicIds: number[]): Promise<Map<number, number>> {
  const rows = subTopicIds.length
    ? await db
        .select({ subTopicId: mcqAttempts.subTopicId, n: count() })
        .from(mcqAttempts)
        .where(and(eq(mcqAttempts.userId, userId), eq(mcqAttempts.practice, false), inArray(mcqAttempts.subTopicId, subTopicIds)))
        .groupBy(mcqAttempts.subTopicId)
    : []
  const used = new Map(rows.map((r) => [r.subTopicId, Number(r.n)]))
  return new Map(subTopicIds.map((id) => [id, used.get(id) ?? 0]))
}

export const attemptsLeft = (settings: TestSettings, used: number) =>
  settings.maxAttempts === 0 ? null : Math.max(0, settings.maxAttempts - used)

async function assertSubTopic(db: Db, subTopicId: number) {
  const [row] = await db.select({ id: subTopics.id }).from(subTopics).where(eq(subTopics.id, subTopicId))
  if (!row) throw notFound('SubTopic not found')
}

/** GET /subTopic/{id}/test-settings: the settings and the caller's own attempt count. */
export async function getSettingsView(db: Db, user: AuthUser, subTopicId: number): Promise<TestSettingsView> {
  await assertSubTopic(db, subTopicId)
  await assertSubTopicsAccess(db, user, [subTopicId])
  const settings = (await loadSettings(db, [subTopicId])).get(subTopicId)!
  const used = (await attemptsUsed(db, user.id, [subTopicId])).get(subTopicId)!
  return { subTopicId, ...settings, attemptsUsed: used, attemptsLeft: attemptsLeft(settings, used) }
}

/** PUT (admins): the fields sent replace the stored ones; the others keep their value. */
export async function putSettings(
  db: Db,
  user: AuthUser,
  subTopicId: number,
  input: z.output<typeof testSettingsInput> | TestSettingsInput,
): Promise<TestSettingsView> {
  await assertSubTopic(db, subTopicId)
  const current = (await loadSettings(db, [subTopicId])).get(subTopicId)!
  const next: TestSettings = { ...current, ...input }
  await db
    .insert(testSettings)
    .values({ subTopicId, ...next, updatedAt: new Date() })
    .onConflictDoUpdate({ target: testSettings.subTopicId, set: { ...next, updatedAt: new Date() } })
  return getSettingsView(db, user, subTopicId)
}
