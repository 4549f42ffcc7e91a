import { asc, count, eq, ilike, inArray } from 'drizzle-orm'
import type { z } from 'zod'
import type { Page } from '../../contract/envelope.ts'
import type { SubTopic, subTopicCreate, subTopicUpdate } from '../../contract/content.ts'
import type { Db } from '../db/client.ts'
import { subTopics, topics } from '../db/schema.ts'
import { notFound } from '../http/errors.ts'
import { containsPattern, toPage } from '../http/paging.ts'
import { noMedia, toSubTopic, type Signer } from '../content/mappers.ts'
import { subTopicMedia } from '../content/tree-query.ts'
import type { AppDeps, AuthUser } from '../deps.ts'
import { assertSubTopicsAccess } from '../auth/access.ts'
import { deleteFiles, fileKeysUnder } from '../files/service.ts'

/**
 * A sub-topic with its topic's title and description (the sub-topic view and test screens show them) and the package
 * it belongs to (a test's result names the package's next step).
 */
export interface SubTopicWithTopic extends SubTopic {
  topicTitle: string
  topicDescription: string
  packageId: number
}

// One statement: drizzle joins the topic and its skill into the sub-topic's query.
const withTopic = {
  topic: {
    columns: { title: true as const, description: true as const },
    with: { skill: { columns: { packageId: true as const } } },
  },
  ...subTopicMedia,
}
type Row = Parameters<typeof toSubTopic>[0] & { topic: { title: string; description: string; skill: { packageId: number } } }
const toSubTopicWithTopic = (row: Row, sign: Signer): SubTopicWithTopic => ({
  ...toSubTopic(row, sign),
  topicTitle: row.topic.title,
  topicDescription: row.topic.description,
  packageId: row.topic.skill.packageId,
})

async function assertTopicExists(db: Db, id: number) {
  const [row] = await db.select({ id: topics.id }).from(topics).where(eq(topics.id, id))
  if (!row) throw notFound('Topic not found')
}

async function loadSubTopic(db: Db, id: number, sign: Signer): Promise<SubTopicWithTopic> {
  const row = await db.query.subTopics.findFirst({ where: eq(subTopics.id, id), with: withTopic })
  if (!row) throw notFound('SubTopic not found')
  return toSubTopicWithTopic(row, sign)
}

export async function getSubTopic(db: Db, viewer: AuthUser, id: number, sign: Signer = noMedia): Promise<SubTopicWithTopic> {
  await assertSubTopicsAccess(db, viewer, [id])
  return loadSubTopic(db, id, sign)
}

/** The sub-topics with these ids, in the order asked; unknown ids are left out. */
export async function getSubTopicsByIds(db: Db, viewer: AuthUser, ids: number[], sign: Signer = noMedia): Promise<SubTopicWithTopic[]> {
  await assertSubTopicsAccess(db, viewer, ids)
  if (!ids.length) return []
  const rows = await db.query.subTopics.findMany({ where: inArray(subTopics.id, ids), with: withTopic })
  const byId = new Map(rows.map((r) => [r.id, toSubTopicWithTopic(r, sign)]))
  return [...new Set(ids)].flatMap((id) => byId.get(id) ?? [])
}

export async function listSubTopics(db: Db, sign: Signer = noMedia): Promise<SubTopicWithTopic[]> {
  const rows = await db.query.subTopics.findMany({ orderBy: [asc(subTopics.id)], with: withTopic })
  return rows.map((r) => toSubTopicWithTopic(r, sign))
}

export async function pageSubTopics(
  db: Db,
  { page, size, title = '' }: { page: number; size: number; title?: string },
  sign: Signer = noMedia,
): Promise<Page<SubTopicWithTopic>> {
  const where = title ? ilike(subTopics.title, containsPattern(title)) : undefined
  const [total] = await db.select({ n: count() }).from(subTopics).where(where)
  const rows = await db.query.subTopics.findMany({ where, orderBy: [asc(subTopics.id)], limit: size, offset: page * size, with: withTopic })
  return toPage(
    rows.map((r) => toSubTopicWithTopic(r, sign)),
    total?.n ?? 0,
    page,
    size,
  )
}

export async function createSubTopic(db: Db, input: z.output<typeof subTopicCreate>, sign: Signer = noMedia): Promise<SubTopicWithTopic> {
  await assertTopicExists(db, input.topicId)
  const [row] = await db.insert(subTopics).values(input).returning({ id: subTopics.id })
  return loadSubTopic(db, row!.id, sign)
}

export async function updateSubTopic(
  db: Db,
  id: number,
  patch: z.output<typeof subTopicUpdate>,
  sign: Signer = noMedia,
): Promise<SubTopicWithTopic> {
  if (patch.topicId !== undefined) await assertTopicExists(db, patch.topicId)
  if (Object.keys(patch).length) {
    const updated = await db.update(subTopics).set(patch).where(eq(subTopics.id, id)).returning({ id: subTopics.id })
    if (!updated.length) throw notFound('SubTopic not found')
  }
  return loadSubTopic(db, id, sign)
}

export async function deleteSubTopic(deps: Pick<AppDeps, 'db' | 'store'>, id: number): Promise<void> {
  const files = await deps.db.transaction(async (tx) => {
    const keys = await fileKeysUnder(tx, { subTopicId: id })
    const deleted = await tx.delete(subTopics).where(eq(subTopics.id, id)).returning({ id: subTopics.id })
    if (!deleted.length) throw notFound('SubTopic not found')
    return keys
  })
  await deleteFiles(deps, files)
}
