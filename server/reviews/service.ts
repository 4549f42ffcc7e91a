import { and, avg, count, desc, eq, inArray, isNotNull } from 'drizzle-orm'
import type { z } from 'zod'
import type { Review, ReviewSummary, TargetType, reviewInput, reviewUpdate } from '../../contract/learning.ts'
import type { Db } from '../db/client.ts'
import type { AuthUser } from '../deps.ts'
import { packages, reviews, skills, userPackages, users } from '../db/schema.ts'
import { forbidden, notFound } from '../http/errors.ts'

type ReviewRow = typeof reviews.$inferSelect

/** The package a review target belongs to (a package is its own); 404 for an unknown target. */
async function packageOfTarget(db: Db, type: TargetType, targetId: number): Promise<number> {
  if (type === 'PACKAGE') {
    const [row] = await db.select({ id: packages.id }).from(packages).where(eq(packages.id, targetId))
    if (!row) throw notFound('Package not found')
    return row.id
  }
  const [row] = await db.select({ packageId: skills.packageId }).from(skills).where(eq(skills.id, targetId))
  if (!row) throw notFound('Skill not found')
  return row.packageId
}

const targetColumn = (type: TargetType) => (type === 'PACKAGE' ? reviews.packageId : reviews.skillId)

function toReview(row: ReviewRow & { userName: string }): Review {
  return {
    id: row.id,
    userId: row.userId,
    userName: row.userName,
    targetType: row.packageId !== null ? 'PACKAGE' : 'SKILL',
    targetId: (row.packageId ?? row.skillId)!,
    presentationRating: row.presentationRating,
    rating: row.rating,
    reviewText: row.reviewText,
    createdAt: new Date(row.createdAt).toISOString(),
  }
}

const withUserName = { ...reviewColumns(), userName: users.name }
function reviewColumns() {
  return {
    id: reviews.id,
    userId: reviews.userId,
    packageId: reviews.packageId,
    skillId: reviews.skillId,
    presentationRating: reviews.presentationRating,
    rating: reviews.rating,
    reviewText: reviews.reviewText,
    createdAt: reviews.createdAt,
    updatedAt: reviews.updatedAt,
  }
}

async function getReview(db: Db, id: number): Promise<Review> {
  const [row] = await db.select(withUserName).from(reviews).innerJoin(users, eq(users.id, reviews.userId)).where(eq(reviews.id, id))
  if (!row) throw notFound('Review not found')
  return toReview(row)
}

/**
 * One review per learner and target: posting again updates it. Only learners the package (or the
 * skill's package) is assigned to may review.
 */
export async function upsertReview(
  db: Db,
  user: AuthUser,
  input: z.output<typeof reviewInput>,
  now: Date,
): Promise<{ review: Review; created: boolean }> {
  const packageId = await packageOfTarget(db, input.targetType, input.targetId)
  const [assigned] = await db
    .select({ userId: userPackages.userId })
    .from(userPackages)
    .where(and(eq(userPackages.userId, user.id), eq(userPackages.packageId, packageId)))
  if (!assigned) throw forbidden('Only learners this package is assigned to can review it')

  const column = targetColumn(input.targetType)
  const values = { presentationRating: input.presentationRating, rating: input.rating, reviewText: input.reviewText }
  const [existing] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.userId, user.id), eq(column, input.targetId)))
  if (existing) {
    await db
      .update(reviews)
      .set({ ...values, updatedAt: now })
      .where(eq(reviews.id, existing.id))
    return { review: await getReview(db, existing.id), created: false }
  }
  const target = input.targetType === 'PACKAGE' ? { packageId: input.targetId } : { skillId: input.targetId }
  const [row] = await db
    .insert(reviews)
    .values({ userId: user.id, ...target, ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: [reviews.userId, column], set: { ...values, updatedAt: now } })
    .returning({ id: reviews.id })
  return { review: await getReview(db, row!.id), created: true }
}

export async function listReviews(db: Db, type: TargetType, targetId: number): Promise<Review[]> {
  await packageOfTarget(db, type, targetId)
  const rows = await db
    .select(withUserName)
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(eq(targetColumn(type), targetId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
  return rows.map(toReview)
}

const round2 = (value: string | number | null) => (value === null ? 0 : Math.round(Number(value) * 100) / 100)

export async function reviewSummary(db: Db, type: TargetType, targetId: number): Promise<ReviewSummary> {
  await packageOfTarget(db, type, targetId)
  return (await reviewSummaries(db, type, [targetId]))[targetId]!
}

/** Summaries of many targets in one statement (the catalogue shows one per card). */
export async function reviewSummaries(db: Db, type: TargetType, targetIds: number[]): Promise<Record<number, ReviewSummary>> {
  const column = targetColumn(type)
  const result: Record<number, ReviewSummary> = Object.fromEntries(targetIds.map((id) => [id, { averageRating: 0, totalReviews: 0 }]))
  if (!targetIds.length) return result
  const rows = await db
    .select({ targetId: column, average: avg(reviews.presentationRating), total: count() })
    .from(reviews)
    .where(and(isNotNull(column), inArray(column, targetIds)))
    .groupBy(column)
  for (const row of rows) result[row.targetId!] = { averageRating: round2(row.average), totalReviews: row.total }
  return result
}

/** Who may change a row: its owner alone (edits), or its owner or an admin (deletes, moderation). */
type ChangeRight = 'owner' | 'owner or admin'

async function assertMayChange(db: Db, user: AuthUser, id: number, right: ChangeRight) {
  const [row] = await db.select({ userId: reviews.userId }).from(reviews).where(eq(reviews.id, id))
  if (!row) throw notFound('Review not found')
  if (row.userId !== user.id && (right === 'owner' || user.role !== 'admin')) throw forbidden('You can only change your own reviews')
}

export async function updateReview(db: Db, user: AuthUser, id: number, patch: z.output<typeof reviewUpdate>, now: Date): Promise<Review> {
  await assertMayChange(db, user, id, 'owner')
  if (Object.keys(patch).length)
    await db
      .update(reviews)
      .set({ ...patch, updatedAt: now })
      .where(eq(reviews.id, id))
  return getReview(db, id)
}

/** Owners delete their own reviews; admins may delete any. */
export async function deleteReview(db: Db, user: AuthUser, id: number) {
  await assertMayChange(db, user, id, 'owner or admin')
  await db.delete(reviews).where(eq(reviews.id, id))
}
