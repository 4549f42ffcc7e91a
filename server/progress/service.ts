import { and, asc, count, eq, inArray, max, sql } from 'drizzle-orm'
import type { HeartbeatInput, LearnerProgressRow, PackageProgress, VideoProgress } from '../../contract/progress.ts'
import type { Db } from '../db/client.ts'
import type { AppDeps, AuthUser } from '../deps.ts'
import { assertPackageAccess, assertSubTopicsAccess } from '../auth/access.ts'
import {
  mcqAttempts,
  mcqs,
  packages,
  scormCmi,
  scormPackages,
  scormScos,
  skills,
  subTopics,
  testSettings,
  topics,
  userPackages,
  users,
  videoProgress,
  videos,
} from '../db/schema.ts'
import { forbidden, notFound } from '../http/errors.ts'
import { takeBudget } from './credit.ts'
import { addWithinCap, mergeRanges, newlyWatched, totalSeconds, wholeSeconds, type Range } from './ranges.ts'
import { rollUp, toVideoProgress, type LearnerRecords, type PackageContent } from './rollup.ts'

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
  const { durationSeconds } = await videoWithProgress(deps.db, viewer, videoId)
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
    return toVideoProgress(videoId, durationSeconds, saved)
  })
}

/** A package's skills, topics, sub-topics, videos and question counts: three queries whatever its size. */
async function loadContent(db: Db, packageId: number): Promise<PackageContent> {
  const tree = await db
    .select({ skillId: skills.id, topicId: topics.id, subTopicId: subTopics.id })
    .from(packages)
    .leftJoin(skills, eq(skills.packageId, packages.id))
    .leftJoin(topics, eq(topics.skillId, skills.id))
    .leftJoin(subTopics, eq(subTopics.topicId, topics.id))
    .where(eq(packages.id, packageId))
    .orderBy(asc(skills.id), asc(topics.id), asc(subTopics.id))
  if (!tree.length) throw notFound('Package not found')
  const inPackage = and(eq(skills.packageId, packageId), eq(topics.skillId, skills.id), eq(subTopics.topicId, topics.id))
  const videoRows = await db
    .select({ id: videos.id, subTopicId: videos.subTopicId, durationSeconds: videos.durationSeconds })
    .from(videos)
    .innerJoin(subTopics, eq(subTopics.id, videos.subTopicId))
    .innerJoin(topics, eq(topics.id, subTopics.topicId))
    .innerJoin(skills, inPackage)
    .orderBy(asc(videos.id))
  const questionRows = await db
    .select({ subTopicId: mcqs.subTopicId, questions: count() })
    .from(mcqs)
    .innerJoin(subTopics, eq(subTopics.id, mcqs.subTopicId))
    .innerJoin(topics, eq(topics.id, subTopics.topicId))
    .innerJoin(skills, inPackage)
    .groupBy(mcqs.subTopicId)
  const scoRows = await db
    .select({ id: scormScos.id, subTopicId: scormPackages.subTopicId })
    .from(scormScos)
    .innerJoin(scormPackages, eq(scormPackages.id, scormScos.packageId))
    .innerJoin(subTopics, eq(subTopics.id, scormPackages.subTopicId))
    .innerJoin(topics, eq(topics.id, subTopics.topicId))
    .innerJoin(skills, inPackage)
    .orderBy(asc(scormPackages.id), asc(scormScos.position))
  const questions = new Map(questionRows.map((r) => [r.subTopicId, r.questions]))
  const videosBySubTopic = Map.groupBy(videoRows, (v) => v.subTopicId)
  const scosBySubTopic = Map.groupBy(scoRows, (s) => s.subTopicId)

  const content: PackageContent = { packageId, skills: [] }
  for (const row of tree) {
    if (row.skillId === null) continue
    if (content.skills.at(-1)?.id !== row.skillId) content.skills.push({ id: row.skillId, topics: [] })
    const skill = content.skills.at(-1)!
    if (row.topicId === null) continue
    if (skill.topics.at(-1)?.id !== row.topicId) skill.topics.push({ id: row.topicId, subTopics: [] })
    const topic = skill.topics.at(-1)!
    if (row.subTopicId === null) continue
    const subTopicId = row.subTopicId
    topic.subTopics.push({
      id: subTopicId,
      questions: questions.get(subTopicId) ?? 0,
      videos: (videosBySubTopic.get(subTopicId) ?? []).map((v) => ({ id: v.id, durationSeconds: v.durationSeconds ?? 0 })),
      scos: (scosBySubTopic.get(subTopicId) ?? []).map((s) => ({ id: s.id })),
    })
  }
  return content
}

/** Learners' progress rows (never admins' own) and best attempts in a package: two queries for any number of users. */
async function loadRecords(db: Db, packageId: number, userIds: number[], byAdmin: boolean) {
  const inPackage = and(eq(skills.packageId, packageId), eq(topics.skillId, skills.id), eq(subTopics.topicId, topics.id))
  const watched = await db
    .select({
      userId: videoProgress.userId,
      videoId: videoProgress.videoId,
      subTopicId: videos.subTopicId,
      position: videoProgress.position,
      watchedSeconds: videoProgress.watchedSeconds,
      lastHeartbeatAt: videoProgress.lastHeartbeatAt,
    })
    .from(videoProgress)
    .innerJoin(videos, eq(videos.id, videoProgress.videoId))
    .innerJoin(subTopics, eq(subTopics.id, videos.subTopicId))
    .innerJoin(topics, eq(topics.id, subTopics.topicId))
    .innerJoin(skills, inPackage)
    .where(and(inArray(videoProgress.userId, userIds), eq(videoProgress.byAdmin, byAdmin)))
  const attempts = await db
    .select({
      userId: mcqAttempts.userId,
      subTopicId: mcqAttempts.subTopicId,
      best: sql<number | null>`max(${mcqAttempts.score}::float8 / nullif(${mcqAttempts.totalMarks}, 0))`,
      passed: sql<boolean>`bool_or(${mcqAttempts.passed})`,
      lastAttemptAt: max(mcqAttempts.attemptedAt),
    })
    .from(mcqAttempts)
    .innerJoin(subTopics, eq(subTopics.id, mcqAttempts.subTopicId))
    .innerJoin(topics, eq(topics.id, subTopics.topicId))
    .innerJoin(skills, inPackage)
    .leftJoin(userPackages, and(eq(userPackages.userId, mcqAttempts.userId), eq(userPackages.packageId, packageId)))
    .where(
      and(
        inArray(mcqAttempts.userId, userIds),
        eq(mcqAttempts.practice, false),
        // A certificate's renewal cycle counts only the tests taken in it; earlier ones stay in the history.
        sql`(${userPackages.cycleStartedAt} is null or ${mcqAttempts.attemptedAt} >= ${userPackages.cycleStartedAt})`,
      ),
    )
    .groupBy(mcqAttempts.userId, mcqAttempts.subTopicId)

  const scormRows = await db
    .select({ cmi: scormCmi })
    .from(scormCmi)
    .innerJoin(scormScos, eq(scormScos.id, scormCmi.scoId))
    .innerJoin(scormPackages, eq(scormPackages.id, scormScos.packageId))
    .innerJoin(subTopics, eq(subTopics.id, scormPackages.subTopicId))
    .innerJoin(topics, eq(topics.id, subTopics.topicId))
    .innerJoin(skills, inPackage)
    .where(and(inArray(scormCmi.userId, userIds), eq(scormCmi.byAdmin, byAdmin)))

  const watchedByUser = Map.groupBy(watched, (w) => w.userId)
  const scormByUser = Map.groupBy(
    scormRows.map((r) => r.cmi),
    (r) => r.userId,
  )
  const attemptsByUser = Map.groupBy(attempts, (a) => a.userId)
  return (userId: number) => {
    const own = watchedByUser.get(userId) ?? []
    const tests = attemptsByUser.get(userId) ?? []
    const scorm = scormByUser.get(userId) ?? []
    const records: LearnerRecords = {
      videos: new Map(own.map((w) => [w.videoId, w])),
      bestScores: new Map(tests.flatMap((a) => (a.best === null ? [] : [[a.subTopicId, Number(a.best)] as const]))),
      passed: new Set(tests.filter((a) => a.passed).map((a) => a.subTopicId)),
      scos: new Map(scorm.map((r) => [r.scoId, r])),
    }
    const last = own.reduce<(typeof own)[number] | null>((a, b) => (a && a.lastHeartbeatAt >= b.lastHeartbeatAt ? a : b), null)
    const times = [...own.map((w) => w.lastHeartbeatAt), ...tests.map((a) => a.lastAttemptAt), ...scorm.map((r) => r.updatedAt)].filter(
      (t): t is Date => t !== null,
    )
    const lastActivityAt = times.length ? new Date(Math.max(...times.map((t) => new Date(t).getTime()))) : null
    const resume = last ? { videoId: last.videoId, subTopicId: last.subTopicId, position: last.position } : null
    return { records, resume, lastActivityAt }
  }
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
  const forUser = await loadRecords(db, packageId, [target], userId === undefined && viewer.role === 'admin')
  const { records, resume } = forUser(target)
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
  const forUser = await loadRecords(
    db,
    packageId,
    learners.map((l) => l.id),
    false,
  )
  return learners.map((learner) => {
    const { records, lastActivityAt } = forUser(learner.id)
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
      lastActivityAt: lastActivityAt?.toISOString() ?? null,
    }
  })
}
