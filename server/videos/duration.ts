import { eq, isNull } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { storedFiles, videos } from '../db/schema.ts'
import type { BlobStore } from '../storage/blob-store.ts'
import { storedBlob } from '../storage/stored-blob.ts'

/**
 * Starts loading the duration reader while a video is still arriving: loading it after the last byte (100 to 200 ms,
 * more on a busy machine) was most of the time an upload took once its body was in (bench/upload.ts). The module
 * system keeps the loaded module; readStoredDuration's import then finds it.
 */
export function preloadDurationReader() {
  import('music-metadata').catch(() => {})
}

/**
 * A video's duration in seconds, read from its container (MP4/QuickTime `mvhd` and track headers, WebM segment
 * info) by music-metadata; null when the file holds none it can read. music-metadata reports a container-level
 * duration for audio only, so a video's is the longest of its tracks'.
 */
export async function readStoredDuration(
  store: BlobStore,
  file: { key: string; size: number; contentType: string },
): Promise<number | null> {
  try {
    // Loaded on first use (or preloaded by an upload): only uploads and the one-time backfill read durations.
    const { parseBlob } = await import('music-metadata')
    // Random access: the parser reads the boxes it needs and steps over the media data.
    const blob = storedBlob(store, file.key, file.size, file.contentType)
    const { format } = await parseBlob(blob, { duration: false, skipCovers: true })
    const seconds = format.duration ?? Math.max(0, ...format.trackInfo.map((track) => track.duration ?? 0))
    return Number.isFinite(seconds) && seconds > 0 ? seconds : null
  } catch {
    return null
  }
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
    .select({ id: videos.id, key: videos.fileKey, size: storedFiles.size, contentType: storedFiles.contentType })
    .from(videos)
    .innerJoin(storedFiles, eq(storedFiles.key, videos.fileKey))
    .where(isNull(videos.durationSeconds))
  let updated = 0
  for (const video of missing) {
    const seconds = await readStoredDuration(store, video).catch(() => null)
    if (seconds === null) continue
    await db.update(videos).set({ durationSeconds: seconds }).where(eq(videos.id, video.id))
    updated++
  }
  return { updated, unreadable: missing.length - updated }
}
