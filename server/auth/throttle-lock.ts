import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'

/**
 * Runs `work` in a transaction that holds an advisory lock per throttle key until it ends, so checking a limit
 * and counting the event are one step: concurrent requests for one key, on any instance, take turns and never
 * both see room for one more. Keys are locked in sorted order, so requests over overlapping keys cannot deadlock.
 * (PGlite runs one transaction at a time; the locks cost nothing there.)
 */
export async function withThrottleKeys<T>(db: Db, bucket: string, keys: string[], work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    for (const key of [...new Set(keys)].sort()) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${bucket}), hashtext(${key}))`)
    }
    return work(tx)
  })
}
