import { and, asc, count, eq, ilike, inArray } from 'drizzle-orm'
import type { z } from 'zod'
import type { Page } from '../../contract/envelope.ts'
import type { SaveTopicsInput, SkillWithTopics, TopicWithSkill, saveTopicsInput, topicInput, topicUpdate } from '../../contract/content.ts'
import type { Db } from '../db/client.ts'
import { subTopics, topics } from '../db/schema.ts'
import { badRequest, notFound } from '../http/errors.ts'
import { containsPattern, toPage } from '../http/paging.ts'
import { toTopic } from '../content/mappers.ts'
import { assertSkillExists, getSkillWithTopics } from '../skills/service.ts'

const withChildren = {
  skill: { columns: { title: true as const } },
  subTopics: { orderBy: [asc(subTopics.id)] },
}

type TopicQueryRow = Parameters<typeof toTopic>[0] & { skill: { title: string } }
const toTopicWithSkill = (row: TopicQueryRow): TopicWithSkill => ({ ...toTopic(row), skillTitle: row.skill.title })

export async function getTopic(db: Db, id: number): Promise<TopicWithSkill> {
  const row = await db.query.topics.findFirst({ where: eq(topics.id, id), with: withChildren })
  if (!row) throw notFound('Topic not found')
  return toTopicWithSkill(row)
}

export async function listTopics(db: Db): Promise<TopicWithSkill[]> {
  const rows = await db.query.topics.findMany({ orderBy: [asc(topics.id)], with: withChildren })
  return rows.map(toTopicWithSkill)
}

export async function pageTopics(db: Db, { page, size, title = '' }: { page: number; size: number; title?: string }): Promise<Page<TopicWithSkill>> {
  const where = title ? ilike(topics.title, containsPattern(title)) : undefined
  const [total] = await db.select({ n: count() }).from(topics).where(where)
  const rows = await db.query.topics.findMany({ where, orderBy: [asc(topics.id)], limit: size, offset: page * size, with: withChildren })
  return toPage(rows.map(toTopicWithSkill), total?.n ?? 0, page, size)
}

export async function topicsBySkill(db: Db, skillId: number): Promise<TopicWithSkill[]> {
  await assertSkillExists(db, skillId)
  const rows = await db.query.topics.findMany({ where: eq(topics.skillId, skillId), orderBy: [asc(topics.id)], with: withChildren })
  return rows.map(toTopicWithSkill)
}

export async function createTopic(db: Db, input: z.output<typeof topicInput>): Promise<TopicWithSkill> {
  const id = await db.transaction(async (tx) => {
    await assertSkillExists(tx, input.skillId)
    const [row] = await tx.insert(topics).values({ skillId: input.skillId, title: input.title, description: input.description }).returning({ id: topics.id })
    if (input.subTopics.length) await tx.insert(subTopics).values(input.subTopics.map((s) => ({ ...s, topicId: row!.id })))
    return row!.id
  })
  return getTopic(db, id)
}

export async function updateTopic(db: Db, id: number, patch: z.output<typeof topicUpdate>): Promise<TopicWithSkill> {
  if (patch.skillId !== undefined) await assertSkillExists(db, patch.skillId)
  if (Object.keys(patch).length) {
    const updated = await db.update(topics).set(patch).where(eq(topics.id, id)).returning({ id: topics.id })
    if (!updated.length) throw notFound('Topic not found')
  }
  return getTopic(db, id)
}

export async function deleteTopic(db: Db, id: number): Promise<void> {
  const deleted = await db.delete(topics).where(eq(topics.id, id)).returning({ id: topics.id })
  if (!deleted.length) throw notFound('Topic not found')
}

/**
 * The topic editor's 'Save All': applies deletions, updates topics and sub-topics that have an id,
 * creates the rest (new topics with their nested sub-topics), all in one transaction. Ids must belong
 * to this skill; if any part fails, nothing changes.
 */
export async function saveSkillTopics(db: Db, skillId: number, input: z.output<typeof saveTopicsInput>): Promise<SkillWithTopics> {
  await db.transaction(async (tx) => {
    await assertSkillExists(tx, skillId)
    const ownTopics = new Set((await tx.select({ id: topics.id }).from(topics).where(eq(topics.skillId, skillId))).map((r) => r.id))
    const ownSubTopics = new Set(
      ownTopics.size
        ? (await tx.select({ id: subTopics.id }).from(subTopics).where(inArray(subTopics.topicId, [...ownTopics]))).map((r) => r.id)
        : [],
    )
    const notOwn = (ids: number[], own: Set<number>) => ids.filter((id) => !own.has(id))

    const badTopics = notOwn([...input.deletedTopicIds, ...input.topics.flatMap((t) => (t.id === undefined ? [] : [t.id]))], ownTopics)
    if (badTopics.length) throw badRequest(`Topic ${badTopics.join(', ')} does not belong to this skill`, { topics: `Unknown topic id ${badTopics.join(', ')}` })
    const badSubTopics = notOwn([...input.deletedSubTopicIds, ...input.topics.flatMap((t) => t.subTopics.flatMap((s) => (s.id === undefined ? [] : [s.id])))], ownSubTopics)
    if (badSubTopics.length) throw badRequest(`Sub-topic ${badSubTopics.join(', ')} does not belong to this skill`, { subTopics: `Unknown sub-topic id ${badSubTopics.join(', ')}` })

    if (input.deletedSubTopicIds.length) await tx.delete(subTopics).where(inArray(subTopics.id, input.deletedSubTopicIds))
    if (input.deletedTopicIds.length) await tx.delete(topics).where(and(eq(topics.skillId, skillId), inArray(topics.id, input.deletedTopicIds)))

    for (const topic of input.topics) {
      let topicId = topic.id
      if (topicId === undefined) {
        const [row] = await tx.insert(topics).values({ skillId, title: topic.title, description: topic.description }).returning({ id: topics.id })
        topicId = row!.id
      } else {
        await tx.update(topics).set({ title: topic.title, description: topic.description }).where(eq(topics.id, topicId))
      }
      for (const sub of topic.subTopics) {
        const values = { title: sub.title, description: sub.description, topicId }
        if (sub.id === undefined) await tx.insert(subTopics).values(values)
        else await tx.update(subTopics).set(values).where(eq(subTopics.id, sub.id))
      }
    }
  })
  return getSkillWithTopics(db, skillId)
}

export type { SaveTopicsInput }
