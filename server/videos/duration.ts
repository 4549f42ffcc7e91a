import type { Readable } from 'node:stream'
import { eq, isNull } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { storedFiles, videos } from '../db/schema.ts'
import type { BlobStore } from '../storage/blob-store.ts'

/**
 * A video's duration in seconds, read from its container (MP4/QuickTime `mvhd` and track headers, WebM segment
 * info) by music-metadata; null when the file holds none it can read. music-metadata reports a container-level
 * duration for audio only, so a video's is the longest of its tracks'.
 */
export async function readDurationSeconds(stream: Readable, contentType: string): Promise<number | null> {
  try {
    // Loaded on first use: only uploads and the one-time backfill read durations.
    const { parseStream } = await import('music-metadata')
    const { format } = await parseStream(stream, { mimeType: contentType }, { duration: false, skipCovers: true })
    const seconds = format.duration ?? Math.max(0, ...format.trackInfo.map((track) => track.duration ?? 0))
    return Number.isFinite(seconds) && seconds > 0 ? seconds : null
  } catch {
    return null
  } finally {
    stream.destroy()
  }
}

/** The duration of a stored video file, read back from the store. */
export async function readStoredDuration(store: BlobStore, key: string, contentType: string): Promise<number | null> {
  return readDurationSeconds(await store.get(key), contentType)
}

/**
 * Startup: gives a duration to every video stored before durations were read at upload. Videos that already have
 * one are not touched, so running it again does nothing; a file whose duration cannot be read is left as it is.
 */
export async function backfillVideoDurations({
  db,
  store,
}: {
  db: Db
  store: BlobStore
}): Promise<{ updated: number; unreadable: number }> {
  const missing = await db
    .select({ id: videos.id, key: videos.fileKey, contentType: storedFiles.contentType })
    .from(videos)
    .innerJoin(storedFiles, eq(storedFiles.key, videos.fileKey))
    .where(isNull(videos.durationSeconds))
  let updated = 0
  for (const video of missing) {
    const seconds = await readStoredDuration(store, video.key, video.contentType).catch(() => null)
    if (seconds === null) continue
    await db.update(videos).set({ durationSeconds: seconds }).where(eq(videos.id, video.id))
    updated++
  }
  return { updated, unreadable: missing.length - updated }
}
