import { and, eq, inArray, lt, notExists, or } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import type { AppDeps } from '../deps.ts'
import { captions, scormFiles, scormPackages, storedFiles, studyMaterials, subTopics, topics, skills, videos } from '../db/schema.ts'
import type { ReceivedFile } from '../storage/multipart.ts'

/** Records stored blobs (inside the caller's transaction, next to the rows that use them). */
export async function recordFiles(db: Db, files: ReceivedFile[]) {
  const rows = files
    .filter((f) => f.key)
    .map((f) => ({ key: f.key!, contentType: f.contentType, size: f.size, originalName: f.originalName }))
  if (rows.length) await db.insert(storedFiles).values(rows)
}

export async function getStoredFile(db: Db, key: string) {
  const [row] = await db.select().from(storedFiles).where(eq(storedFiles.key, key))
  return row
}

export type FileScope =
  | { packageId: number }
  | { skillId: number }
  | { topicId: number }
  | { subTopicId: number }
  | { videoId: number }
  | { materialId: number }

/** The keys of every file under a package, skill, topic, sub-topic, video or material, SCORM packages' files included (collected before a delete). */
export async function fileKeysUnder(db: Db, scope: FileScope): Promise<string[]> {
  if ('videoId' in scope) {
    const rows = await db.select({ a: videos.fileKey, b: videos.thumbnailKey }).from(videos).where(eq(videos.id, scope.videoId))
    const tracks = await db.select({ k: captions.fileKey }).from(captions).where(eq(captions.videoId, scope.videoId))
    return [...rows.flatMap((r) => [r.a, r.b]), ...tracks.map((r) => r.k)]
  }
  if ('materialId' in scope) {
    return (await db.select({ k: studyMaterials.fileKey }).from(studyMaterials).where(eq(studyMaterials.id, scope.materialId))).map(
      (r) => r.k,
    )
  }
  const subTopicIds = db
    .select({ id: subTopics.id })
    .from(subTopics)
    .innerJoin(topics, eq(topics.id, subTopics.topicId))
    .innerJoin(skills, eq(skills.id, topics.skillId))
    .where(
      'packageId' in scope
        ? eq(skills.packageId, scope.packageId)
        : 'skillId' in scope
          ? eq(skills.id, scope.skillId)
          : 'topicId' in scope
            ? eq(topics.id, scope.topicId)
            : eq(subTopics.id, scope.subTopicId),
    )
  const videoRows = await db
    .select({ a: videos.fileKey, b: videos.thumbnailKey })
    .from(videos)
    .where(inArray(videos.subTopicId, subTopicIds))
  const materialRows = await db
    .select({ k: studyMaterials.fileKey })
    .from(studyMaterials)
    .where(inArray(studyMaterials.subTopicId, subTopicIds))
  const scormRows = await db
    .select({ k: scormFiles.fileKey })
    .from(scormFiles)
    .innerJoin(scormPackages, eq(scormPackages.id, scormFiles.packageId))
    .where(inArray(scormPackages.subTopicId, subTopicIds))
  const captionRows = await db
    .select({ k: captions.fileKey })
    .from(captions)
    .innerJoin(videos, eq(videos.id, captions.videoId))
    .where(inArray(videos.subTopicId, subTopicIds))
  return [
    ...videoRows.flatMap((r) => [r.a, r.b]),
    ...materialRows.map((r) => r.k),
    ...scormRows.map((r) => r.k),
    ...captionRows.map((r) => r.k),
  ]
}

/** After the rows that used them are gone (committed): forget the files and delete the blobs. */
export async function deleteFiles(deps: Pick<AppDeps, 'db' | 'store'>, keys: string[]) {
  if (!keys.length) return
  await deps.db.delete(storedFiles).where(inArray(storedFiles.key, keys))
  const results = await Promise.allSettled(keys.map((key) => deps.store.delete(key)))
  results.forEach((r, i) => {
    if (r.status === 'rejected')
      console.error(JSON.stringify({ level: 'error', msg: 'blob delete failed', key: keys[i], error: String(r.reason) }))
  })
}

/** Files no row uses any more (a crash between commit and blob delete), older than an hour: removed at startup. */
export async function sweepOrphanFiles(deps: Pick<AppDeps, 'db' | 'store'>, now: Date) {
  const orphans = await deps.db
    .select({ key: storedFiles.key })
    .from(storedFiles)
    .where(
      and(
        lt(storedFiles.createdAt, new Date(now.getTime() - 3_600_000)),
        notExists(
          deps.db
            .select({ id: videos.id })
            .from(videos)
            .where(or(eq(videos.fileKey, storedFiles.key), eq(videos.thumbnailKey, storedFiles.key))),
        ),
        notExists(deps.db.select({ id: studyMaterials.id }).from(studyMaterials).where(eq(studyMaterials.fileKey, storedFiles.key))),
        notExists(deps.db.select({ key: scormFiles.fileKey }).from(scormFiles).where(eq(scormFiles.fileKey, storedFiles.key))),
        notExists(deps.db.select({ id: captions.id }).from(captions).where(eq(captions.fileKey, storedFiles.key))),
      ),
    )
  await deleteFiles(
    deps,
    orphans.map((o) => o.key),
  )
}
