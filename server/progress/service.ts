import { and, asc, eq, inArray } from 'drizzle-orm'
import type { HeartbeatInput, LearnerProgressRow, PackageProgress, VideoProgress } from '../../contract/progress.ts'
import type { Db } from '../db/client.ts'
import type { AppDeps, AuthUser } from '../deps.ts'
import { assertPackageAccess, assertSubTopicsAccess } from '../auth/access.ts'
import { testSettings, userPackages, users, videoProgress, videos } from '../db/schema.ts'
import { forbidden, notFound } from '../http/errors.ts'
import { takeBudget } from './credit.ts'
import { addWithinCap, mergeRanges, newlyWatched, totalSeconds, wholeSeconds, type Range } from './ranges.ts'
import { rollUp, toVideoProgress, type PackageContent } from './rollup.ts'
import { loadContents, loadRecords } from './records.ts'
import { markCompletedInSubTopics } from '../assignments/completion.ts'

/** A video with the viewer's own progress row in it (admins' rows are kept apart from their learner rows). */
async function videoWithProgress(db: Db, viewer: AuthUser, videoId: number) {
  const [row] = await db
    .select({ video: { id: videos.id, subTopicId: videos.subTopicId, durationSeconds: videos.durationSeconds }, progress: videoProgress })
    .from(videos)
    .leftJoin(
      videoProgress,
      and(eq(videoProgress.videoId, videos.id), eq(videoProgress.userId, viewer.id), eq(videoProgress.byAdmin, viewer.role === 'admin')),
    )
    .where(eq(videos.id, videoId))
  if (!row) throw notFound('Video not found')
  await assertSubTopicsAccess(db, viewer, [row.video.subTopicId])
  return { ...row, durationSeconds: row.video.durationSeconds ?? 0 }
}

export async function getVideoProgress(deps: Pick<AppDeps, 'db'>, viewer: AuthUser, videoId: number): Promise<VideoProgress> {
  const { durationSeconds, progress } = await videoWithProgress(deps.db, viewer, videoId)
  return toVideoProgress(videoId, durationSeconds, progress ?? undefined)
}

/**
 * Records a heartbeat. The claimed ranges, at whole seconds, add what the video's stored ranges lack, earliest
 * first, up to what the learner's one watching budget holds (see credit.ts), and that much is spent. The budget's
 * row lock orders every heartbeat of one learner, so the video's row is read and written under it.
 */
export async function recordHeartbeat(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  viewer: AuthUser,
  videoId: number,
  input: HeartbeatInput,
): Promise<VideoProgress> {
  const byAdmin = viewer.role === 'admin'
  const { durationSeconds, video } = await videoWithProgress(deps.db, viewer, videoId)
  return deps.db.transaction(async (tx) => {
    const now = deps.clock()
    const budget = await takeBudget(tx, viewer.id, now, input.playbackRate ?? 1)
    const [progress] = await tx
      .select({ watched: videoProgress.watched })
      .from(videoProgress)
      .where(and(eq(videoProgress.userId, viewer.id), eq(videoProgress.videoId, videoId), eq(videoProgress.byAdmin, byAdmin)))
    const have = mergeRanges(progress?.watched ?? [])
    const claimed = wholeSeconds(input.watched as Range[], durationSeconds)
    const watched = addWithinCap(have, newlyWatched(have, claimed, Math.floor(budget.seconds)))
    const watchedSeconds = totalSeconds(watched)
    await budget.spend(Math.max(0, watchedSeconds - totalSeconds(have)))
    const values = { position: Math.min(input.position, durationSeconds), watched, watchedSeconds, lastHeartbeatAt: now }
    const [saved] = await tx
      .insert(videoProgress)
      .values({ userId: viewer.id, videoId, byAdmin, ...values })
      .onConflictDoUpdate({ target: [videoProgress.userId, videoProgress.videoId, videoProgress.byAdmin], set: values })
      .returning()
    const answer = toVideoProgress(videoId, durationSeconds, saved)
    // Only a video reaching completion can complete its package.
    const before = toVideoProgress(videoId, durationSeconds, { position: 0, watchedSeconds: totalSeconds(have) })
    if (!byAdmin && answer.completed && !before.completed) await markCompletedInSubTopics(tx, viewer.id, [video.subTopicId], now)
    return answer
  })
}

/** A package's content; 404 when there is no such package. */
async function loadContent(db: Db, packageId: number): Promise<PackageContent> {
  const content = (await loadContents(db, [packageId])).get(packageId)
  if (!content) throw notFound('Package not found')
  return content
}

/**
 * A user's progress in a package: their own, or (admins, with `userId`) a learner's. An admin's own progress is
 * the one they made as an admin, kept apart from learners'. A constant number of queries whatever the package size.
 */
export async function getPackageProgress(
  deps: Pick<AppDeps, 'db'>,
  viewer: AuthUser,
  packageId: number,
  userId?: number,
): Promise<PackageProgress> {
  const { db } = deps
  if (userId !== undefined && viewer.role !== 'admin') throw forbidden('Only admins may read another user’s progress')
  await assertPackageAccess(db, viewer, packageId)
  if (userId !== undefined) {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId))
    if (!user) throw notFound('User not found')
  }
  const content = await loadContent(db, packageId)
  const target = userId ?? viewer.id
  const forUser = await loadRecords(db, [packageId], [target], userId === undefined && viewer.role === 'admin')
  const { records, resume } = forUser(target, packageId)
  const progress = { ...rollUp(content, records), resume }
  return viewer.role === 'admin' ? progress : hideScoresNeverShown(db, progress)
}

/** A learner never sees the score of a sub-topic whose review policy is 'never' (completion still shows). */
async function hideScoresNeverShown(db: Db, progress: PackageProgress): Promise<PackageProgress> {
  const ids = progress.skills.flatMap((s) => s.topics.flatMap((t) => t.subTopics.map((st) => st.id)))
  if (!ids.length) return progress
  const never = await db
    .select({ id: testSettings.subTopicId })
    .from(testSettings)
    .where(and(inArray(testSettings.subTopicId, ids), eq(testSettings.reviewPolicy, 'never')))
  if (!never.length) return progress
  const hidden = new Set(never.map((r) => r.id))
  for (const skill of progress.skills)
    for (const topic of skill.topics) for (const subTopic of topic.subTopics) if (hidden.has(subTopic.id)) subTopic.bestScore = null
  return progress
}

/** One row per learner assigned to the package, in name order. */
export async function getLearnersProgress(deps: Pick<AppDeps, 'db'>, packageId: number): Promise<LearnerProgressRow[]> {
  const { db } = deps
  const content = await loadContent(db, packageId)
  const learners = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(userPackages)
    .innerJoin(users, eq(users.id, userPackages.userId))
    .where(eq(userPackages.packageId, packageId))
    .orderBy(asc(users.name), asc(users.id))
  if (!learners.length) return []
  const scoTitles = new Map(
    content.skills.flatMap((s) => s.topics.flatMap((t) => t.subTopics.flatMap((st) => st.scos.map((sco) => [sco.id, sco] as const)))),
  )
  const forUser = await loadRecords(
    db,
    [packageId],
    learners.map((l) => l.id),
    false,
  )
  return learners.map((learner) => {
    const { records, lastActivityAt } = forUser(learner.id, packageId)
    const { percent, completedSubTopics, totalSubTopics, skills: counted } = rollUp(content, records)
    const scos = counted.flatMap((s) => s.topics.flatMap((t) => t.subTopics.flatMap((st) => st.scos)))
    return {
      userId: learner.id,
      name: learner.name,
      email: learner.email,
      percent,
      completedSubTopics,
      totalSubTopics,
      completedScos: scos.filter((s) => s.completed).length,
      totalScos: scos.length,
      scos: scos.map((sco) => ({ ...sco, title: scoTitles.get(sco.id)!.title, packageTitle: scoTitles.get(sco.id)!.packageTitle })),
      lastActivityAt: lastActivityAt?.toISOString() ?? null,
    }
  })
}
