import { and, count, eq, gt, lt, min } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { throttleEvents } from '../db/schema.ts'
import { AppError } from '../http/errors.ts'

/**
 * Counts an action per key (an e-mail, a client address) in a sliding window, in the database;
 * past `limit` it answers 429 with Retry-After.
 */
export async function throttle(db: Db, bucket: string, keys: string[], options: { limit: number; windowMs: number; now: Date; message: string }) {
  const since = new Date(options.now.getTime() - options.windowMs)
  for (const key of keys) {
    const [row] = await db
      .select({ n: count(), oldest: min(throttleEvents.at) })
      .from(throttleEvents)
      .where(and(eq(throttleEvents.bucket, bucket), eq(throttleEvents.key, key), gt(throttleEvents.at, since)))
    if (row && row.n >= options.limit && row.oldest) {
      const retryAfter = Math.max(1, Math.ceil((new Date(row.oldest).getTime() + options.windowMs - options.now.getTime()) / 1000))
      throw new AppError(429, options.message, { headers: { 'Retry-After': String(retryAfter) } })
    }
  }
  await db.insert(throttleEvents).values(keys.map((key) => ({ bucket, key, at: options.now })))
  await db.delete(throttleEvents).where(and(eq(throttleEvents.bucket, bucket), lt(throttleEvents.at, since)))
}
