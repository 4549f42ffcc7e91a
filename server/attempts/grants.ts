import { and, count, desc, eq } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import type { AttemptGrant, GrantResult, grantInput } from '../../contract/assessment.ts'
import type { Db } from '../db/client.ts'
import type { AuthUser } from '../deps.ts'
import { mcqAttemptGrants, subTopics, users } from '../db/schema.ts'
import { assertSubTopicsAccess } from '../auth/access.ts'
import { AppError, conflict, notFound } from '../http/errors.ts'
import { attemptCounts, attemptsLeft } from './allowance.ts'
import { lockLearner } from './lock.ts'
import { loadSettings } from './settings.ts'

/** Grants one learner may hold per sub-topic: as many as a test may allow in the first place. */
const MAX_GRANTS = 100

const granter = alias(users, 'granter')

async function grantsWhere(db: Db, where: ReturnType<typeof and>): Promise<AttemptGrant[]> {
  const rows = await db
    .select({ grant: mcqAttemptGrants, subTopicTitle: subTopics.title, granterName: granter.name })
    .from(mcqAttemptGrants)
    .innerJoin(subTopics, eq(subTopics.id, mcqAttemptGrants.subTopicId))
    .leftJoin(granter, eq(granter.id, mcqAttemptGrants.grantedBy))
    .where(where)
    .orderBy(desc(mcqAttemptGrants.grantedAt), desc(mcqAttemptGrants.id))
  return rows.map(({ grant, subTopicTitle, granterName }) => ({
    id: grant.id,
    userId: grant.userId,
    subTopicId: grant.subTopicId,
    subTopicTitle,
    grantedBy: grant.grantedBy !== null && granterName !== null ? { id: grant.grantedBy, name: granterName } : null,
    grantedAt: grant.grantedAt.toISOString(),
  }))
}

/** GET /mcq-attempts/grants?userId= (admins): the learner's grants, newest first. */
export async function listGrants(db: Db, userId: number): Promise<AttemptGrant[]> {
  return grantsWhere(db, and(eq(mcqAttemptGrants.userId, userId)))
}

/**
 * POST /mcq-attempts/grants (admins): one more attempt for a learner at a sub-topic with an attempt limit, in a
 * package assigned to them. Taken under the learner's lock, so it counts at once in every limit check.
 */
export async function grantAttempt(db: Db, admin: AuthUser, input: z.output<typeof grantInput>, now: Date): Promise<GrantResult> {
  const [learner] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, input.userId))
  if (!learner) throw notFound('User not found')
  const [subTopic] = await db.select({ id: subTopics.id, title: subTopics.title }).from(subTopics).where(eq(subTopics.id, input.subTopicId))
  if (!subTopic) throw notFound('SubTopic not found')
  try {
    await assertSubTopicsAccess(db, learner, [subTopic.id])
  } catch (err) {
    if (err instanceof AppError && err.status === 403) throw conflict('This sub-topic is not in a package assigned to the learner')
    throw err
  }
  const settings = (await loadSettings(db, [subTopic.id])).get(subTopic.id)!
  if (settings.maxAttempts === 0) throw conflict(`Attempts at "${subTopic.title}" are unlimited: there is nothing to grant`)

  const id = await db.transaction(async (tx) => {
    await lockLearner(tx, learner.id)
    const [held] = await tx
      .select({ n: count() })
      .from(mcqAttemptGrants)
      .where(and(eq(mcqAttemptGrants.userId, learner.id), eq(mcqAttemptGrants.subTopicId, subTopic.id)))
    if (Number(held?.n ?? 0) >= MAX_GRANTS) throw conflict(`This learner already has ${MAX_GRANTS} extra attempts at "${subTopic.title}"`)
    const [row] = await tx
      .insert(mcqAttemptGrants)
      .values({ userId: learner.id, subTopicId: subTopic.id, grantedBy: admin.id, grantedAt: now })
      .returning({ id: mcqAttemptGrants.id })
    return row!.id
  })
  const [grant] = await grantsWhere(db, and(eq(mcqAttemptGrants.id, id)))
  const counts = (await attemptCounts(db, learner.id, [subTopic.id])).get(subTopic.id)!
  return { grant: grant!, attemptsUsed: counts.used, attemptsGranted: counts.granted, attemptsLeft: attemptsLeft(settings, counts) ?? 0 }
}
