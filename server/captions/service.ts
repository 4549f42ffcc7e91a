import { randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import { and, asc, count, eq, notExists } from 'drizzle-orm'
import { captionUploadFields, type CaptionCoverage, type CaptionTrack } from '../../contract/captions.ts'
import { MAX_CAPTION_BYTES } from '../../contract/rules.ts'
import type { AppDeps } from '../deps.ts'
import { captions, packages, skills, subTopics, topics, videos } from '../db/schema.ts'
import { notFound } from '../http/errors.ts'
import { parseFields } from '../http/validate.ts'
import { deleteFiles, recordFiles } from '../files/service.ts'
import { receiveUpload, sanitizeFileName, type UploadRequest } from '../storage/multipart.ts'
import { captionFormatOf, toWebVtt } from './webvtt.ts'

type Deps = Pick<AppDeps, 'db' | 'store'>

/** How stored caption files are served: browsers refuse a <track> of any other type. */
export const VTT_CONTENT_TYPE = 'text/vtt; charset=utf-8'

const toTrack = (row: typeof captions.$inferSelect): CaptionTrack => ({
  id: row.id,
  videoId: row.videoId,
  language: row.language,
  label: row.label,
  kind: row.kind,
})

/**
 * Receives a .vtt or .srt file, parses it (the first bad line is a 400), stores it as WebVTT and records the track.
 * A second upload for the same language and kind replaces the first (its file is deleted after the commit).
 */
export async function uploadCaption(deps: Deps, videoId: number, request: UploadRequest): Promise<CaptionTrack> {
  const upload = await receiveUpload(
    request,
    deps.store,
    { file: { kind: 'captions', maxBytes: MAX_CAPTION_BYTES, required: true, inMemory: true } },
    ['language', 'label', 'kind'],
  )
  const file = upload.files.file!
  const fields = parseFields(captionUploadFields, upload.fields)
  const { vtt } = toWebVtt(file.buffer!, captionFormatOf(file.originalName))
  // Checked after the fields and the file (held in memory, nothing stored yet): bad input is a 400 for any video.
  const [video] = await deps.db.select({ id: videos.id }).from(videos).where(eq(videos.id, videoId))
  if (!video) throw notFound('Video not found')
  const body = Buffer.from(vtt, 'utf8')
  const key = randomUUID().replaceAll('-', '')
  await deps.store.put(key, Readable.from([body]), VTT_CONTENT_TYPE)
  const stored = {
    key,
    buffer: null,
    size: body.length,
    contentType: VTT_CONTENT_TYPE,
    originalName: sanitizeFileName(`${file.originalName.replace(/\.[^.]*$/, '')}.vtt`),
  }
  try {
    const { row, replacedKey } = await deps.db.transaction(async (tx) => {
      await recordFiles(tx, [stored])
      const [previous] = await tx
        .select({ fileKey: captions.fileKey })
        .from(captions)
        .where(and(eq(captions.videoId, videoId), eq(captions.language, fields.language), eq(captions.kind, fields.kind)))
        .for('update')
      const [saved] = await tx
        .insert(captions)
        .values({ videoId, language: fields.language, label: fields.label, kind: fields.kind, fileKey: key })
        .onConflictDoUpdate({ target: [captions.videoId, captions.language, captions.kind], set: { label: fields.label, fileKey: key } })
        .returning()
      return { row: saved!, replacedKey: previous?.fileKey }
    })
    if (replacedKey) await deleteFiles(deps, [replacedKey])
    return toTrack(row)
  } catch (err) {
    await deps.store.delete(key).catch(() => undefined)
    throw err
  }
}

export async function deleteCaption(deps: Deps, videoId: number, captionId: number) {
  const [deleted] = await deps.db
    .delete(captions)
    .where(and(eq(captions.id, captionId), eq(captions.videoId, videoId)))
    .returning({ fileKey: captions.fileKey })
  if (!deleted) throw notFound('Caption not found')
  await deleteFiles(deps, [deleted.fileKey])
}

/** How many videos have at least one track, and every one that has none, in package order. */
export async function captionCoverage(db: AppDeps['db']): Promise<CaptionCoverage> {
  const [all] = await db.select({ n: count() }).from(videos)
  const total = all?.n ?? 0
  const withoutCaptions = await db
    .select({
      videoId: videos.id,
      title: videos.title,
      packageId: packages.id,
      packageTitle: packages.title,
      subTopicId: subTopics.id,
    })
    .from(videos)
    .innerJoin(subTopics, eq(subTopics.id, videos.subTopicId))
    .innerJoin(topics, eq(topics.id, subTopics.topicId))
    .innerJoin(skills, eq(skills.id, topics.skillId))
    .innerJoin(packages, eq(packages.id, skills.packageId))
    .where(notExists(db.select({ id: captions.id }).from(captions).where(eq(captions.videoId, videos.id))))
    .orderBy(asc(packages.title), asc(packages.id), asc(subTopics.id), asc(videos.id))
  return { videos: total, withCaptions: total - withoutCaptions.length, withoutCaptions }
}
