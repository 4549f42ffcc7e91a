import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm'
import type { HeartbeatInput, LearnerProgressRow, PackageProgress, VideoProgress } from '../../contract/progress.ts'
import type { Db } from '../db/client.ts'
import type { AppDeps, AuthUser } from '../deps.ts'
import { assertPackageAccess } from '../auth/access.ts'
import { testSettings, userPackages, users, videoProgress, watchCredit } from '../db/schema.ts'
import { preparedPerDb } from '../db/prepared.ts'
import { forbidden, notFound } from '../http/errors.ts'
import { refill, takeBudget, type CreditRow } from './credit.ts'
import { keptHeartbeats, keptKey } from './kept-heartbeats.ts'
import { addWithinCap, mergeRanges, newlyWatched, totalSeconds, wholeSeconds, type Range } from './ranges.ts'
import { rollUp, toVideoProgress, type PackageContent } from './rollup.ts'
import { loadContents, loadRecords } from './records.ts'
import { markCompletedInSubTopics } from '../assignments/completion.ts'
import { getVisibleVideoRow } from '../videos/service.ts'

/** The viewer's own progress in a video they may see (admins' rows are kept apart from their learner rows). */
export async function getVideoProgress(deps: Pick<AppDeps, 'db'>, viewer: AuthUser, videoId: number): Promise<VideoProgress> {
  const video = await getVisibleVideoRow(deps.db, viewer, videoId)
  const [progress] = await deps.db
    .select()
    .from(videoProgress)
    .where(and(eq(videoProgress.videoId, videoId), eq(videoProgress.userId, viewer.id), eq(videoProgress.byAdmin, viewer.role === 'admin')))
  return toVideoProgress(videoId, video.durationSeconds ?? 0, progress)
}

const userIdParam = sql.placeholder('userId')

/**
 * What a heartbeat reads besides the video (kept in memory with its package, see getVisibleVideoRow), in one
 * statement: the learner's progress row in it and their watching budget with its row version (xmin), which the
 * write checks. Either may be missing, hence the one-row source both are left-joined to.
 */
const heartbeatState = preparedPerDb((db) =>
  db
    .select({
      watched: videoProgress.watched,
      creditSeconds: watchCredit.seconds,
      creditHeartbeats: watchCredit.heartbeats,
      creditRefilledAt: watchCredit.refilledAt,
      creditVersion: sql<string | null>`${watchCredit}.xmin::text`,
    })
    .from(sql`(select 1) as one`)
    .leftJoin(
      videoProgress,
      and(
        eq(videoProgress.videoId, sql.placeholder('videoId')),
        eq(videoProgress.userId, userIdParam),
        eq(videoProgress.byAdmin, sql.placeholder('byAdmin')),
      ),
    )
    .leftJoin(watchCredit, eq(watchCredit.userId, userIdParam))
    .prepare('heartbeat_state'),
)

/** The progress row as a heartbeat stores it, from the placeholders, once per row the `credit` statement wrote. */
const progressFromCredit = sql`select ${userIdParam}::int, ${sql.placeholder('videoId')}::int, ${sql.placeholder('byAdmin')}::boolean,
  ${sql.placeholder('position')}::float8, ${sql.placeholder('watched')}::jsonb, ${sql.placeholder('watchedSeconds')}::float8,
  ${sql.placeholder('now')}::timestamptz from credit`

const progressUpsert = (db: Db, credit: Parameters<Db['with']>[0]) =>
  db
    .with(credit)
    .insert(videoProgress)
    .select(progressFromCredit)
    .onConflictDoUpdate({
      target: [videoProgress.userId, videoProgress.videoId, videoProgress.byAdmin],
      set: {
        position: sql`excluded.position`,
        watched: sql`excluded.watched`,
        watchedSeconds: sql`excluded.watched_seconds`,
        lastHeartbeatAt: sql`excluded.last_heartbeat_at`,
      },
    })
    .returning(savedWithVersion)

/**
 * The progress row as written, and the budget row's version after the write: both rows were written by the one
 * transaction, so the progress row's `xmin` is the budget's too.
 */
const savedWithVersion = { ...getTableColumns(videoProgress), version: sql<string>`${videoProgress}.xmin::text` }

const newCredit = {
  userId: sql`${userIdParam}::int`,
  seconds: sql`${sql.placeholder('seconds')}::float8`,
  heartbeats: sql`${sql.placeholder('heartbeats')}::float8`,
  refilledAt: sql`${sql.placeholder('refilledAt')}::timestamptz`,
}

/**
 * The budget and the progress row in one statement, written only while the budget row is the version read (or, for
 * a learner's first heartbeat, while there is none): else nothing is written and the heartbeat is recorded under
 * the lock instead (recordLocked).
 */
const writeOverCredit = preparedPerDb((db) =>
  progressUpsert(
    db,
    db.$with('credit').as(
      db
        .update(watchCredit)
        .set({ seconds: newCredit.seconds, heartbeats: newCredit.heartbeats, refilledAt: newCredit.refilledAt })
        .where(and(eq(watchCredit.userId, userIdParam), sql`${watchCredit}.xmin = ${sql.placeholder('version')}::text::xid`))
        .returning({ userId: watchCredit.userId }),
    ),
  ).prepare('heartbeat_write'),
)
const writeFirstCredit = preparedPerDb((db) =>
  progressUpsert(
    db,
    db.$with('credit').as(db.insert(watchCredit).values(newCredit).onConflictDoNothing().returning({ userId: watchCredit.userId })),
  ).prepare('heartbeat_write_first'),
)

/**
 * Records a heartbeat. The claimed ranges, at whole seconds, add what the video's stored ranges lack, earliest
 * first, up to what the learner's one watching budget holds (see credit.ts), and that much is spent. Every
 * heartbeat of a learner changes their budget's row, so one read and one write that holds only if that row did not
 * change in between; the read is skipped when this instance kept what the learner's last heartbeat in the video
 * wrote (kept-heartbeats.ts). When the row did change (another heartbeat of theirs came first, on any instance, or a
 * certificate renewal), or when the heartbeat completes the video (the package may complete with it), it is recorded
 * under the budget's row lock instead.
 */
export async function recordHeartbeat(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  viewer: AuthUser,
  videoId: number,
  input: HeartbeatInput,
): Promise<VideoProgress> {
  const { db } = deps
  const byAdmin = viewer.role === 'admin'
  const video = await getVisibleVideoRow(db, viewer, videoId)
  const key = keptKey(viewer.id, videoId, byAdmin)
  const kept = keptHeartbeats(db)
  const state = kept.get(key) ?? (await readHeartbeatState(db, viewer.id, videoId, byAdmin))
  const durationSeconds = video.durationSeconds ?? 0
  const now = deps.clock()
  const budget = refill(state.credit, now, input.playbackRate ?? 1)
  const step = heartbeatStep(budget.seconds, state.watched, input, durationSeconds)
  const locked = () => recordLocked(deps, viewer, videoId, video.subTopicId, durationSeconds, input)
  if (!byAdmin && step.completes) return locked()
  const write = state.version === null ? writeFirstCredit(db) : writeOverCredit(db)
  const credit = budget.spent(step.credited)
  const [saved] = await write.execute({
    userId: viewer.id,
    videoId,
    byAdmin,
    version: state.version,
    ...credit,
    position: step.values.position,
    watched: JSON.stringify(step.values.watched),
    watchedSeconds: step.values.watchedSeconds,
    now,
  })
  if (!saved) {
    kept.delete(key)
    return locked()
  }
  kept.set(key, { watched: step.values.watched, credit, version: saved.version })
  return toVideoProgress(videoId, durationSeconds, saved)
}

/** The learner's progress row in the video and their budget with its version, from the rows (either may be missing). */
async function readHeartbeatState(
  db: Db,
  userId: number,
  videoId: number,
  byAdmin: boolean,
): Promise<{ watched: Range[]; credit: CreditRow | null; version: string | null }> {
  // The one-row source answers exactly one row.
  const row = (await heartbeatState(db).execute({ userId, videoId, byAdmin }))[0]!
  return {
    watched: row.watched ?? [],
    credit:
      row.creditVersion === null
        ? null
        : { seconds: row.creditSeconds!, heartbeats: row.creditHeartbeats!, refilledAt: row.creditRefilledAt! },
    version: row.creditVersion,
  }
}

/** What one heartbeat credits, out of what the budget holds and what the video's stored ranges lack. */
function heartbeatStep(budgetSeconds: number, stored: Range[], input: HeartbeatInput, durationSeconds: number) {
  const have = mergeRanges(stored)
  const claimed = wholeSeconds(input.watched as Range[], durationSeconds)
  const watched = addWithinCap(have, newlyWatched(have, claimed, Math.floor(budgetSeconds)))
  const watchedSeconds = totalSeconds(watched)
  const before = toVideoProgress(0, durationSeconds, { position: 0, watchedSeconds: totalSeconds(have) })
  const after = toVideoProgress(0, durationSeconds, { position: 0, watchedSeconds })
  return {
    credited: Math.max(0, watchedSeconds - totalSeconds(have)),
    values: { position: Math.min(input.position, durationSeconds), watched, watchedSeconds },
    // Only a video reaching completion can complete its package.
    completes: after.completed && !before.completed,
  }
}

/** The heartbeat in a transaction holding the learner's budget row (FOR UPDATE): every heartbeat of theirs waits for it. */
async function recordLocked(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  viewer: AuthUser,
  videoId: number,
  subTopicId: number,
  durationSeconds: number,
  input: HeartbeatInput,
): Promise<VideoProgress> {
  const byAdmin = viewer.role === 'admin'
  const { saved, credit, watched } = await deps.db.transaction(async (tx) => {
    const now = deps.clock()
    const budget = await takeBudget(tx, viewer.id, now, input.playbackRate ?? 1)
    const [progress] = await tx
      .select({ watched: videoProgress.watched })
      .from(videoProgress)
      .where(and(eq(videoProgress.userId, viewer.id), eq(videoProgress.videoId, videoId), eq(videoProgress.byAdmin, byAdmin)))
    const step = heartbeatStep(budget.seconds, progress?.watched ?? [], input, durationSeconds)
    const credit = await budget.spend(step.credited)
    const values = { ...step.values, lastHeartbeatAt: now }
    const [saved] = await tx
      .insert(videoProgress)
      .values({ userId: viewer.id, videoId, byAdmin, ...values })
      .onConflictDoUpdate({ target: [videoProgress.userId, videoProgress.videoId, videoProgress.byAdmin], set: values })
      .returning(savedWithVersion)
    if (!byAdmin && step.completes) await markCompletedInSubTopics(tx, viewer.id, [subTopicId], now)
    return { saved: saved!, credit, watched: step.values.watched }
  })
  // Kept once committed: a transaction that failed wrote nothing to keep.
  keptHeartbeats(deps.db).set(keptKey(viewer.id, videoId, byAdmin), { watched, credit, version: saved.version })
  return toVideoProgress(videoId, durationSeconds, saved)
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
