import { and, asc, count, eq, ilike, inArray } from 'drizzle-orm'
import type { z } from 'zod'
import type { Page } from '../../contract/envelope.ts'
import type { SaveTopicsInput, SkillWithTopics, TopicWithSkill, saveTopicsInput, topicInput, topicUpdate } from '../../contract/content.ts'
import type { Db } from '../db/client.ts'
import { packages, skills, subTopics, topics } from '../db/schema.ts'
import { retryOnConflict } from '../db/retry.ts'
import { badRequest, notFound } from '../http/errors.ts'
import { containsPattern, toPage } from '../http/paging.ts'
import { noMedia, toTopic, type Signer } from '../content/mappers.ts'
import { topicTree } from '../content/tree-query.ts'
import type { AppDeps, AuthUser } from '../deps.ts'
import { assertSkillAccess, assertTopicAccess } from '../auth/access.ts'
import { deleteFiles, fileKeysUnder } from '../files/service.ts'
import { assertSkillExists, loadSkillWithTopics } from '../skills/service.ts'

const withChildren = { skill: { columns: { title: true as const } }, ...topicTree }

type TopicQueryRow = Parameters<typeof toTopic>[0] & { skill: { title: string } }
const toTopicWithSkill = (row: TopicQueryRow, sign: Signer): TopicWithSkill => ({ ...toTopic(row, sign), skillTitle: row.skill.title })

async function loadTopic(db: Db, id: number, sign: Signer): Promise<TopicWithSkill> {
  const row = await db.query.topics.findFirst({ where: eq(topics.id, id), with: withChildren })
  if (!row) throw notFound('Topic not found')
  return toTopicWithSkill(row, sign)
}

export async function getTopic(db: Db, viewer: AuthUser, id: number, sign: Signer = noMedia): Promise<TopicWithSkill> {
  await assertTopicAccess(db, viewer, id)
  return loadTopic(db, id, sign)
}

export async function listTopics(db: Db, sign: Signer = noMedia): Promise<TopicWithSkill[]> {
  const rows = await db.query.topics.findMany({ orderBy: [asc(topics.id)], with: withChildren })
  return rows.map((row) => toTopicWithSkill(row, sign))
}

export async function pageTopics(
  db: Db,
  { page, size, title = '' }: { page: number; size: number; title?: string },
  sign: Signer = noMedia,
): Promise<Page<TopicWithSkill>> {
  const where = title ? ilike(topics.title, containsPattern(title)) : undefined
  const [total] = await db.select({ n: count() }).from(topics).where(where)
  const rows = await db.query.topics.findMany({ where, orderBy: [asc(topics.id)], limit: size, offset: page * size, with: withChildren })
  return toPage(
    rows.map((row) => toTopicWithSkill(row, sign)),
    total?.n ?? 0,
    page,
    size,
  )
}

export async function topicsBySkill(db: Db, viewer: AuthUser, skillId: number, sign: Signer = noMedia): Promise<TopicWithSkill[]> {
  await assertSkillAccess(db, viewer, skillId)
  await assertSkillExists(db, skillId)
  const rows = await db.query.topics.findMany({ where: eq(topics.skillId, skillId), orderBy: [asc(topics.id)], with: withChildren })
  return rows.map((row) => toTopicWithSkill(row, sign))
}

export async function createTopic(db: Db, input: z.output<typeof topicInput>, sign: Signer = noMedia): Promise<TopicWithSkill> {
  const id = await db.transaction(async (tx) => {
    await assertSkillExists(tx, input.skillId)
    const [row] = await tx
      .insert(topics)
      .values({ skillId: input.skillId, title: input.title, description: input.description })
      .returning({ id: topics.id })
    if (input.subTopics.length) await tx.insert(subTopics).values(input.subTopics.map((s) => ({ ...s, topicId: row!.id })))
    return row!.id
  })
  return loadTopic(db, id, sign)
}

export async function updateTopic(
  db: Db,
  id: number,
  patch: z.output<typeof topicUpdate>,
  sign: Signer = noMedia,
): Promise<TopicWithSkill> {
  if (patch.skillId !== undefined) await assertSkillExists(db, patch.skillId)
  if (Object.keys(patch).length) {
    const updated = await db.update(topics).set(patch).where(eq(topics.id, id)).returning({ id: topics.id })
    if (!updated.length) throw notFound('Topic not found')
  }
  return loadTopic(db, id, sign)
}

export async function deleteTopic(deps: Pick<AppDeps, 'db' | 'store'>, id: number): Promise<void> {
  const files = await deps.db.transaction(async (tx) => {
    const keys = await fileKeysUnder(tx, { topicId: id })
    const deleted = await tx.delete(topics).where(eq(topics.id, id)).returning({ id: topics.id })
    if (!deleted.length) throw notFound('Topic not found')
    return keys
  })
  await deleteFiles(deps, files)
}

/**
 * The topic editor's 'Save All': updates topics and sub-topics that have an id, creates the rest (new topics
 * with their nested sub-topics), then applies deletions, all in one transaction. Ids must belong
 * to this skill; if any part fails, nothing changes.
 */
export async function saveSkillTopics(
  deps: Pick<AppDeps, 'db' | 'store'>,
  skillId: number,
  input: z.output<typeof saveTopicsInput>,
  sign: Signer = noMedia,
): Promise<SkillWithTopics> {
  const { db } = deps
  const orphanedFiles = await retryOnConflict(() =>
    db.transaction(async (tx) => {
      // Every Save All of a package takes its row first, so two saves never hold topic rows the other wants.
      await lockPackageOfSkill(tx, skillId)
      await assertSkillExists(tx, skillId)
      const ownTopics = new Set((await tx.select({ id: topics.id }).from(topics).where(eq(topics.skillId, skillId))).map((r) => r.id))
      const ownSubTopics = new Set(
        ownTopics.size
          ? (
              await tx
                .select({ id: subTopics.id })
                .from(subTopics)
                .where(inArray(subTopics.topicId, [...ownTopics]))
            ).map((r) => r.id)
          : [],
      )
      const notOwn = (ids: number[], own: Set<number>) => ids.filter((id) => !own.has(id))

      const badTopics = notOwn([...input.deletedTopicIds, ...input.topics.flatMap((t) => (t.id === undefined ? [] : [t.id]))], ownTopics)
      if (badTopics.length)
        throw badRequest(`Topic ${badTopics.join(', ')} does not belong to this skill`, {
          topics: `Unknown topic id ${badTopics.join(', ')}`,
        })
      const badSubTopics = notOwn(
        [...input.deletedSubTopicIds, ...input.topics.flatMap((t) => t.subTopics.flatMap((s) => (s.id === undefined ? [] : [s.id])))],
        ownSubTopics,
      )
      if (badSubTopics.length)
        throw badRequest(`Sub-topic ${badSubTopics.join(', ')} does not belong to this skill`, {
          subTopics: `Unknown sub-topic id ${badSubTopics.join(', ')}`,
        })

      // An id both kept and deleted is a contradiction (it used to be a 500, or a silent loss).
      const keptTopics = new Set(input.topics.flatMap((t) => (t.id === undefined ? [] : [t.id])))
      const keptSubTopics = new Set(input.topics.flatMap((t) => t.subTopics.flatMap((s) => (s.id === undefined ? [] : [s.id]))))
      const bothTopics = input.deletedTopicIds.filter((id) => keptTopics.has(id))
      if (bothTopics.length)
        throw badRequest(`Topic ${bothTopics.join(', ')} is both saved and deleted`, {
          topics: `Topic ${bothTopics.join(', ')} is both saved and deleted`,
        })
      const bothSubTopics = input.deletedSubTopicIds.filter((id) => keptSubTopics.has(id))
      if (bothSubTopics.length)
        throw badRequest(`Sub-topic ${bothSubTopics.join(', ')} is both saved and deleted`, {
          subTopics: `Sub-topic ${bothSubTopics.join(', ')} is both saved and deleted`,
        })

      for (const topic of input.topics) {
        let topicId = topic.id
        if (topicId === undefined) {
          const [row] = await tx
            .insert(topics)
            .values({ skillId, title: topic.title, description: topic.description })
            .returning({ id: topics.id })
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

      // Deletions last, so a sub-topic moved out of a deleted topic has already left it.
      const files = [
        ...(await Promise.all(input.deletedSubTopicIds.map((subTopicId) => fileKeysUnder(tx, { subTopicId })))).flat(),
        ...(await Promise.all(input.deletedTopicIds.map((topicId) => fileKeysUnder(tx, { topicId })))).flat(),
      ]
      if (input.deletedSubTopicIds.length) await tx.delete(subTopics).where(inArray(subTopics.id, input.deletedSubTopicIds))
      if (input.deletedTopicIds.length)
        await tx.delete(topics).where(and(eq(topics.skillId, skillId), inArray(topics.id, input.deletedTopicIds)))
      return files
    }),
  )
  await deleteFiles(deps, orphanedFiles)
  return loadSkillWithTopics(db, skillId, sign)
}

/** The package row under the skill, locked to the end of the transaction (no row when the skill is unknown). */
async function lockPackageOfSkill(tx: Db, skillId: number) {
  await tx
    .select({ id: packages.id })
    .from(packages)
    .innerJoin(skills, eq(skills.packageId, packages.id))
    .where(eq(skills.id, skillId))
    .for('update', { of: packages })
}

export type { SaveTopicsInput }
