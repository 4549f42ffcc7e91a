import { avg, count, desc, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { Page } from '../../contract/envelope.ts'
import type { Comment, CommentSummary, RatingDistribution, commentInput, commentUpdate } from '../../contract/learning.ts'
import type { Db } from '../db/client.ts'
import type { AuthUser } from '../deps.ts'
import { comments, users, videos } from '../db/schema.ts'
import { assertSubTopicsAccess } from '../auth/access.ts'
import { forbidden, notFound } from '../http/errors.ts'
import { toPage } from '../http/paging.ts'

/** Comments follow their video: only users who may see the video may read or write them. */
async function assertVideoAccess(db: Db, user: AuthUser, videoId: number) {
  const [row] = await db.select({ subTopicId: videos.subTopicId }).from(videos).where(eq(videos.id, videoId))
  if (!row) throw notFound('Video not found')
  await assertSubTopicsAccess(db, user, [row.subTopicId])
}

const columns = {
  id: comments.id,
  userId: comments.userId,
  userName: users.name,
  videoId: comments.videoId,
  comment: comments.comment,
  rating: comments.rating,
  createdAt: comments.createdAt,
}
type Row = { id: number; userId: number; userName: string; videoId: number; comment: string; rating: number; createdAt: Date }
const toComment = (row: Row): Comment => ({ ...row, createdAt: new Date(row.createdAt).toISOString() })
/** Newest first; the id breaks ties between equal timestamps so paging is stable. */
const newestFirst = [desc(comments.createdAt), desc(comments.id)]

async function getComment(db: Db, id: number): Promise<Comment> {
  const [row] = await db.select(columns).from(comments).innerJoin(users, eq(users.id, comments.userId)).where(eq(comments.id, id))
  if (!row) throw notFound('Comment not found')
  return toComment(row)
}

export async function createComment(db: Db, user: AuthUser, input: z.output<typeof commentInput>, now: Date): Promise<Comment> {
  await assertVideoAccess(db, user, input.videoId)
  const [row] = await db
    .insert(comments)
    .values({ ...input, userId: user.id, createdAt: now, updatedAt: now })
    .returning({ id: comments.id })
  return getComment(db, row!.id)
}

export async function listComments(db: Db, viewer: AuthUser, videoId: number): Promise<Comment[]> {
  await assertVideoAccess(db, viewer, videoId)
  const rows = await db
    .select(columns)
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(eq(comments.videoId, videoId))
    .orderBy(...newestFirst)
  return rows.map(toComment)
}

export async function pageComments(db: Db, viewer: AuthUser, videoId: number, page: number, size: number): Promise<Page<Comment>> {
  await assertVideoAccess(db, viewer, videoId)
  const [total] = await db.select({ n: count() }).from(comments).where(eq(comments.videoId, videoId))
  const rows = await db
    .select(columns)
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(eq(comments.videoId, videoId))
    .orderBy(...newestFirst)
    .limit(size)
    .offset(page * size)
  return toPage(rows.map(toComment), total?.n ?? 0, page, size)
}

export async function commentSummary(db: Db, viewer: AuthUser, videoId: number): Promise<CommentSummary> {
  await assertVideoAccess(db, viewer, videoId)
  const [row] = await db
    .select({ total: count(), average: avg(comments.rating) })
    .from(comments)
    .where(eq(comments.videoId, videoId))
  return {
    totalComments: row?.total ?? 0,
    averageRating: row?.average === null || row?.average === undefined ? 0 : Math.round(Number(row.average) * 100) / 100,
  }
}

/** Counts per star, every key 1–5 present. */
export async function ratingDistribution(db: Db, viewer: AuthUser, videoId: number): Promise<RatingDistribution> {
  await assertVideoAccess(db, viewer, videoId)
  const rows = await db
    .select({ rating: comments.rating, n: count() })
    .from(comments)
    .where(eq(comments.videoId, videoId))
    .groupBy(comments.rating)
  const ratingCounts: RatingDistribution['ratingCounts'] = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 }
  for (const row of rows) ratingCounts[String(row.rating) as keyof typeof ratingCounts] = row.n
  return { ratingCounts }
}

/** Who may change a row: its owner alone (edits), or its owner or an admin (deletes, moderation). */
type ChangeRight = 'owner' | 'owner or admin'

async function assertMayChange(db: Db, user: AuthUser, id: number, right: ChangeRight) {
  const [row] = await db.select({ userId: comments.userId, videoId: comments.videoId }).from(comments).where(eq(comments.id, id))
  if (!row) throw notFound('Comment not found')
  if (row.userId !== user.id && (right === 'owner' || user.role !== 'admin')) throw forbidden('You can only change your own comments')
  // A learner changes their comments only while the video's package is still assigned to them.
  await assertVideoAccess(db, user, row.videoId)
}

export async function updateComment(
  db: Db,
  user: AuthUser,
  id: number,
  patch: z.output<typeof commentUpdate>,
  now: Date,
): Promise<Comment> {
  await assertMayChange(db, user, id, 'owner')
  if (Object.keys(patch).length)
    await db
      .update(comments)
      .set({ ...patch, updatedAt: now })
      .where(eq(comments.id, id))
  return getComment(db, id)
}

/** Owners delete their own; admins moderate any. */
export async function deleteComment(db: Db, user: AuthUser, id: number) {
  await assertMayChange(db, user, id, 'owner or admin')
  await db.delete(comments).where(eq(comments.id, id))
}
