import { and, eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Video } from '../../contract/content.ts'
import { text } from '../../contract/text.ts'
import type { AppDeps, AuthUser } from '../deps.ts'
import { assertPackageAccess } from '../auth/access.ts'
import { packageScopedCache } from '../db/invalidated-cache.ts'
import { subTopics, videoViews, videos } from '../db/schema.ts'
import { badRequest, notFound } from '../http/errors.ts'
import { parseFields } from '../http/validate.ts'
import { toVideo, type Signer } from '../content/mappers.ts'
import { videoFiles } from '../content/tree-query.ts'
import { deleteFiles, fileKeysUnder, recordFiles } from '../files/service.ts'
import { discard, receiveUpload, type UploadRequest } from '../storage/multipart.ts'
import { preloadDurationReader, readStoredDuration } from './duration.ts'

type Deps = Pick<AppDeps, 'db' | 'store' | 'config'>

/** The title a video gets when none is given: its file name without the extension. */
const titleFromFileName = (name: string) => name.replace(/\.[^.]+$/, '').trim() || 'Video'

/** The optional title field (blank: the file name is used). */
export const uploadFields = z.object({ title: text('Title', { max: 200 }).optional() })

/**
 * Receives a video and its thumbnail as a stream (checked by content, limited in size), reads the stored video's
 * duration (none readable: a 400), then records the video. If anything fails, both stored files are deleted and
 * no row exists.
 */
export async function uploadVideo(deps: Deps, subTopicId: number, request: UploadRequest, sign: Signer): Promise<Video> {
  const [subTopic] = await deps.db.select({ id: subTopics.id }).from(subTopics).where(eq(subTopics.id, subTopicId))
  if (!subTopic) throw notFound('SubTopic not found')
  preloadDurationReader()
  const { uploads } = deps.config
  const upload = await receiveUpload(
    request,
    deps.store,
    {
      video: { kind: 'video', maxBytes: uploads.maxVideoBytes, required: true },
      thumbnail: { kind: 'image', maxBytes: uploads.maxImageBytes, required: true },
    },
    ['title'],
  )
  const video = upload.files.video!
  const thumbnail = upload.files.thumbnail!
  try {
    const title = parseFields(uploadFields, upload.fields).title || titleFromFileName(video.originalName)
    const durationSeconds = await readStoredDuration(deps.store, { key: video.key!, size: video.size, contentType: video.contentType })
    if (durationSeconds === null)
      throw badRequest("The video's duration cannot be read from the file", { video: 'The file has no readable duration' })
    const row = await deps.db.transaction(async (tx) => {
      await recordFiles(tx, [video, thumbnail])
      const [inserted] = await tx
        .insert(videos)
        .values({ subTopicId, title, fileKey: video.key!, thumbnailKey: thumbnail.key!, durationSeconds })
        .returning()
      return inserted!
    })
    return toVideo({ ...row, file: video, thumbnail, captions: [] }, sign)
  } catch (err) {
    await discard(deps.store, [video, thumbnail])
    throw err
  }
}

/** A video with its files' metadata. */
const findVideo = (db: AppDeps['db'], id: number) => db.query.videos.findFirst({ where: eq(videos.id, id), with: videoFiles })

/** The same with the package it is under, in the same statement. */
const findVideoInPackage = (db: AppDeps['db'], id: number) =>
  db.query.videos.findFirst({
    where: eq(videos.id, id),
    with: {
      ...videoFiles,
      subTopic: { columns: {}, with: { topic: { columns: {}, with: { skill: { columns: { packageId: true } } } } } },
    },
  })

type VideoRow = NonNullable<Awaited<ReturnType<typeof findVideo>>>

/** Videos learners play, until a write under their package (signed URLs are made per answer). */
const videosInPackages = packageScopedCache<VideoRow>(20_000)

/** A video the viewer may see (its sub-topic's package is theirs, or they are an admin): 404, then 403. */
export async function getVisibleVideoRow(db: AppDeps['db'], viewer: AuthUser, id: number): Promise<VideoRow> {
  const found = await videosInPackages.get(db, id, async () => {
    const row = await findVideoInPackage(db, id)
    if (!row) return undefined
    const { subTopic, ...video } = row
    return { packageId: subTopic.topic.skill.packageId, value: video }
  })
  if (!found) throw notFound('Video not found')
  await assertPackageAccess(db, viewer, found.packageId)
  return found.value
}

export async function getVideo(deps: Pick<AppDeps, 'db'>, viewer: AuthUser, id: number, sign: Signer): Promise<Video> {
  return toVideo(await getVisibleVideoRow(deps.db, viewer, id), sign)
}

export async function renameVideo(deps: Pick<AppDeps, 'db'>, id: number, title: string, sign: Signer): Promise<Video> {
  const [updated] = await deps.db.update(videos).set({ title }).where(eq(videos.id, id)).returning({ id: videos.id })
  const row = updated && (await findVideo(deps.db, id))
  if (!row) throw notFound('Video not found')
  return toVideo(row, sign)
}

export async function deleteVideo(deps: Pick<AppDeps, 'db' | 'store'>, id: number) {
  const files = await deps.db.transaction(async (tx) => {
    const keys = await fileKeysUnder(tx, { videoId: id })
    const deleted = await tx.delete(videos).where(eq(videos.id, id)).returning({ id: videos.id })
    if (!deleted.length) throw notFound('Video not found')
    return keys
  })
  await deleteFiles(deps, files)
}

/** Counts a play once per viewer, video and hour; answers the video's id and current count. */
export async function recordView(
  deps: Pick<AppDeps, 'db'>,
  viewer: AuthUser,
  id: number,
  now: Date,
): Promise<{ id: number; noOfViews: number }> {
  const { id: videoId } = await getVisibleVideoRow(deps.db, viewer, id)
  const userId = viewer.id
  const hour = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000)
  const noOfViews = await deps.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(videoViews)
      .values({ videoId, userId, hour })
      .onConflictDoNothing()
      .returning({ videoId: videoViews.videoId })
    const [row] = inserted.length
      ? await tx
          .update(videos)
          .set({ noOfViews: sql`${videos.noOfViews} + 1` })
          .where(eq(videos.id, videoId))
          .returning({ views: videos.noOfViews })
      : await tx
          .select({ views: videos.noOfViews })
          .from(videos)
          .where(and(eq(videos.id, videoId)))
    return row?.views ?? 0
  })
  return { id: videoId, noOfViews }
}
