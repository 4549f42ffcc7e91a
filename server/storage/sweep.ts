import { inArray } from 'drizzle-orm'
import type { AppDeps } from '../deps.ts'
import { storedFiles } from '../db/schema.ts'
import { sweepOrphanFiles } from '../files/service.ts'

/** How often a running server sweeps its store. */
export const SWEEP_INTERVAL_MS = 3_600_000
/**
 * How old an unreferenced file or a half-written one must be before a running server removes it: an upload in
 * progress is younger (a multipart object on S3 may be dated from the start of a long upload, hence a day).
 */
export const SWEEP_GRACE_MS = 24 * 3_600_000

type Deps = Pick<AppDeps, 'db' | 'store'>

/**
 * Makes the store agree with the database: every stored file is referenced by a `stored_files` row, or it is
 * removed. A file is stored before its row is written (the row comes with the video or PDF, once every part
 * of the upload arrived), so a server that dies in between leaves a file that no row names; this removes it.
 *
 * At startup a store that belongs to this server alone (local disk) cannot hold an upload in progress, so
 * everything unreferenced goes; a shared bucket, and the periodic sweep, keep files younger than the grace age.
 */
export async function sweepStore(deps: Deps, now: Date, { atStartup }: { atStartup: boolean }): Promise<number> {
  const before = atStartup && !deps.store.shared ? now : new Date(now.getTime() - SWEEP_GRACE_MS)
  await deps.store.sweep(before)
  // Rows (and their files) that no video or PDF uses any more: a crash between a delete's commit and the file's removal.
  await sweepOrphanFiles(deps, now)
  let removed = 0
  for await (const page of deps.store.list()) {
    const old = page.filter((blob) => blob.modifiedAt < before)
    if (!old.length) continue
    const keys = old.map((blob) => blob.key)
    const known = new Set(
      (await deps.db.select({ key: storedFiles.key }).from(storedFiles).where(inArray(storedFiles.key, keys))).map((r) => r.key),
    )
    const orphans = keys.filter((key) => !known.has(key))
    await Promise.all(orphans.map((key) => deps.store.delete(key)))
    removed += orphans.length
  }
  if (removed) console.log(JSON.stringify({ level: 'info', msg: 'removed stored files no row references', count: removed }))
  return removed
}

/** Sweeps the store every `intervalMs` while the server runs; answers a function that stops it. */
export function startPeriodicSweep(deps: Deps, clock: () => Date, intervalMs = SWEEP_INTERVAL_MS): () => void {
  const timer = setInterval(() => {
    sweepStore(deps, clock(), { atStartup: false }).catch((err: unknown) =>
      console.error(JSON.stringify({ level: 'error', msg: 'store sweep failed', error: String(err) })),
    )
  }, intervalMs)
  timer.unref()
  return () => clearInterval(timer)
}
