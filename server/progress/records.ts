import { and, asc, count, eq, inArray, max, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { intArray } from '../db/bulk.ts'
import {
  mcqAttempts,
  mcqs,
  packages,
  scormCmi,
  scormPackages,
  scormScos,
  skills,
  subTopics,
  topics,
  userPackages,
  videoProgress,
  videos,
} from '../db/schema.ts'
import { rollUp, type LearnerRecords, type PackageContent } from './rollup.ts'

/** What the loaders read through: the database or a transaction. */
export type Reader = Pick<Db, 'select'>

const inPackages = (packageIds: readonly number[]) =>
  and(inArray(skills.packageId, [...packageIds]), eq(topics.skillId, skills.id), eq(subTopics.topicId, topics.id))

/** The packages' skills, topics, sub-topics, videos, SCOs and question counts: four queries whatever their number and size. */
export async function loadContents(db: Reader, packageIds: readonly number[]): Promise<Map<number, PackageContent>> {
  const contents = new Map<number, PackageContent>()
  if (!packageIds.length) return contents
  const ids = [...new Set(packageIds)]
  const tree = await db
    .select({ packageId: packages.id, skillId: skills.id, topicId: topics.id, subTopicId: subTopics.id })
    .from(packages)
    .leftJoin(skills, eq(skills.packageId, packages.id))
    .leftJoin(topics, eq(topics.skillId, skills.id))
    .leftJoin(subTopics, eq(subTopics.topicId, topics.id))
    .where(inArray(packages.id, ids))
    .orderBy(asc(packages.id), asc(skills.id), asc(topics.id), asc(subTopics.id))
  if (!tree.length) return contents
  const videoRows = await db
    .select({ id: videos.id, subTopicId: videos.subTopicId, durationSeconds: videos.durationSeconds })
    .from(videos)
    .innerJoin(subTopics, eq(subTopics.id, videos.subTopicId))
    .innerJoin(topics, eq(topics.id, subTopics.topicId))
    .innerJoin(skills, inPackages(ids))
    .orderBy(asc(videos.id))
  const questionRows = await db
    .select({ subTopicId: mcqs.subTopicId, questions: count() })
    .from(mcqs)
    .innerJoin(subTopics, eq(subTopics.id, mcqs.subTopicId))
    .innerJoin(topics, eq(topics.id, subTopics.topicId))
    .innerJoin(skills, inPackages(ids))
    .groupBy(mcqs.subTopicId)
  const scoRows = await db
    .select({ id: scormScos.id, title: scormScos.title, packageTitle: scormPackages.title, subTopicId: scormPackages.subTopicId })
    .from(scormScos)
    .innerJoin(scormPackages, eq(scormPackages.id, scormScos.packageId))
    .innerJoin(subTopics, eq(subTopics.id, scormPackages.subTopicId))
    .innerJoin(topics, eq(topics.id, subTopics.topicId))
    .innerJoin(skills, inPackages(ids))
    .orderBy(asc(scormPackages.id), asc(scormScos.position))
  const questions = new Map(questionRows.map((r) => [r.subTopicId, r.questions]))
  const videosBySubTopic = Map.groupBy(videoRows, (v) => v.subTopicId)
  const scosBySubTopic = Map.groupBy(scoRows, (s) => s.subTopicId)

  for (const row of tree) {
    if (!contents.has(row.packageId)) contents.set(row.packageId, { packageId: row.packageId, skills: [] })
    const content = contents.get(row.packageId)!
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
      scos: (scosBySubTopic.get(subTopicId) ?? []).map((s) => ({ id: s.id, title: s.title, packageTitle: s.packageTitle })),
    })
  }
  return contents
}

/** One user's records in one package, with where they stopped and when they last did anything there. */
export interface PackageRecords {
  records: LearnerRecords
  resume: { videoId: number; subTopicId: number; position: number } | null
  lastActivityAt: Date | null
}

/**
 * Users' progress rows (learners' rows, or with `byAdmin` admins' own), best test attempts and SCO data in the
 * packages: three queries for any number of users and packages. A certificate's renewal cycle counts only the tests
 * taken in it (earlier ones stay in the history).
 */
export async function loadRecords(
  db: Reader,
  packageIds: readonly number[],
  userIds: readonly number[],
  byAdmin: boolean,
): Promise<(userId: number, packageId: number) => PackageRecords> {
  const ids = [...new Set(packageIds)]
  const users = [...new Set(userIds)]
  const watched =
    ids.length && users.length
      ? await db
          .select({
            userId: videoProgress.userId,
            packageId: skills.packageId,
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
          .innerJoin(skills, inPackages(ids))
          .where(and(sql`${videoProgress.userId} = any(${intArray(users)})`, eq(videoProgress.byAdmin, byAdmin)))
      : []
  const attempts =
    ids.length && users.length
      ? await db
          .select({
            userId: mcqAttempts.userId,
            packageId: skills.packageId,
            subTopicId: mcqAttempts.subTopicId,
            best: sql<number | null>`max(${mcqAttempts.score}::float8 / nullif(${mcqAttempts.totalMarks}, 0))`,
            passed: sql<boolean>`bool_or(${mcqAttempts.passed})`,
            lastAttemptAt: max(mcqAttempts.attemptedAt),
          })
          .from(mcqAttempts)
          .innerJoin(subTopics, eq(subTopics.id, mcqAttempts.subTopicId))
          .innerJoin(topics, eq(topics.id, subTopics.topicId))
          .innerJoin(skills, inPackages(ids))
          .leftJoin(userPackages, and(eq(userPackages.userId, mcqAttempts.userId), eq(userPackages.packageId, skills.packageId)))
          .where(
            and(
              sql`${mcqAttempts.userId} = any(${intArray(users)})`,
              eq(mcqAttempts.practice, false),
              sql`(${userPackages.cycleStartedAt} is null or ${mcqAttempts.attemptedAt} >= ${userPackages.cycleStartedAt})`,
            ),
          )
          .groupBy(mcqAttempts.userId, skills.packageId, mcqAttempts.subTopicId)
      : []
  const scorm =
    ids.length && users.length
      ? await db
          .select({ cmi: scormCmi, packageId: skills.packageId })
          .from(scormCmi)
          .innerJoin(scormScos, eq(scormScos.id, scormCmi.scoId))
          .innerJoin(scormPackages, eq(scormPackages.id, scormScos.packageId))
          .innerJoin(subTopics, eq(subTopics.id, scormPackages.subTopicId))
          .innerJoin(topics, eq(topics.id, subTopics.topicId))
          .innerJoin(skills, inPackages(ids))
          .where(and(sql`${scormCmi.userId} = any(${intArray(users)})`, eq(scormCmi.byAdmin, byAdmin)))
      : []

  const key = (userId: number, packageId: number) => `${userId}:${packageId}`
  const watchedByPair = Map.groupBy(watched, (w) => key(w.userId, w.packageId))
  const attemptsByPair = Map.groupBy(attempts, (a) => key(a.userId, a.packageId))
  const scormByPair = Map.groupBy(scorm, (r) => key(r.cmi.userId, r.packageId))
  return (userId, packageId) => {
    const own = watchedByPair.get(key(userId, packageId)) ?? []
    const tests = attemptsByPair.get(key(userId, packageId)) ?? []
    const scos = (scormByPair.get(key(userId, packageId)) ?? []).map((r) => r.cmi)
    const records: LearnerRecords = {
      videos: new Map(own.map((w) => [w.videoId, w])),
      bestScores: new Map(tests.flatMap((a) => (a.best === null ? [] : [[a.subTopicId, Number(a.best)] as const]))),
      passed: new Set(tests.filter((a) => a.passed).map((a) => a.subTopicId)),
      scos: new Map(scos.map((r) => [r.scoId, r])),
    }
    const last = own.reduce<(typeof own)[number] | null>((a, b) => (a && a.lastHeartbeatAt >= b.lastHeartbeatAt ? a : b), null)
    const times = [...own.map((w) => w.lastHeartbeatAt), ...tests.map((a) => a.lastAttemptAt), ...scos.map((r) => r.updatedAt)].filter(
      (t): t is Date => t !== null,
    )
    const lastActivityAt = times.length ? new Date(Math.max(...times.map((t) => new Date(t).getTime()))) : null
    const resume = last ? { videoId: last.videoId, subTopicId: last.subTopicId, position: last.position } : null
    return { records, resume, lastActivityAt }
  }
}

export interface LearnerPackage {
  userId: number
  packageId: number
}

/** The roll-up percent of each learner in each package (their learner rows), keyed `userId:packageId`: five queries in all. */
export async function packagePercents(db: Reader, pairs: readonly LearnerPackage[]): Promise<Map<string, number>> {
  const percents = new Map<string, number>()
  if (!pairs.length) return percents
  const packageIds = pairs.map((p) => p.packageId)
  const contents = await loadContents(db, packageIds)
  const recordsOf = await loadRecords(
    db,
    packageIds,
    pairs.map((p) => p.userId),
    false,
  )
  for (const { userId, packageId } of pairs) {
    const content = contents.get(packageId)
    percents.set(`${userId}:${packageId}`, content ? rollUp(content, recordsOf(userId, packageId).records).percent : 0)
  }
  return percents
}
