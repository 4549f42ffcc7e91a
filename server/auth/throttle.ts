import { and, count, eq, gt, inArray, lt, min } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { throttleEvents } from '../db/schema.ts'
import { AppError } from '../http/errors.ts'
import { withThrottleKeys } from './throttle-lock.ts'

/** One counter of a bucket: a key (an account, a client address, or both together) and how many events it may have. */
export interface ThrottleLimit {
  key: string
  limit: number
}

interface ThrottleOptions {
  windowMs: number
  now: Date
  message: string
}

/** The events one call counted; released when the action turns out not to count (a right password). */
export interface Reservation {
  release(): Promise<void>
}

/**
 * Actions counted per key in a sliding window, in the database so every server instance sees them. Every call
 * counts, before the caller does the work: refused past a key's limit (429 with Retry-After, until its oldest
 * counted event leaves the window, and nothing counted), otherwise recorded for each key at once.
 */
export async function throttle(db: Db, bucket: string, limits: ThrottleLimit[], options: ThrottleOptions): Promise<Reservation> {
  const ids = await withThrottleKeys(
    db,
    bucket,
    limits.map((l) => l.key),
    async (tx) => {
      await assertUnderLimits(tx, bucket, limits, options)
      const rows = await tx
        .insert(throttleEvents)
        .values(limits.map(({ key }) => ({ bucket, key, at: options.now })))
        .returning({ id: throttleEvents.id })
      await tx
        .delete(throttleEvents)
        .where(and(eq(throttleEvents.bucket, bucket), lt(throttleEvents.at, new Date(options.now.getTime() - options.windowMs))))
      return rows.map((r) => r.id)
    },
  )
  return { release: async () => void (await db.delete(throttleEvents).where(inArray(throttleEvents.id, ids))) }
}

async function assertUnderLimits(db: Db, bucket: string, limits: ThrottleLimit[], options: ThrottleOptions) {
  const since = new Date(options.now.getTime() - options.windowMs)
  for (const { key, limit } of limits) {
    const [row] = await db
      .select({ n: count(), oldest: min(throttleEvents.at) })
      .from(throttleEvents)
      .where(and(eq(throttleEvents.bucket, bucket), eq(throttleEvents.key, key), gt(throttleEvents.at, since)))
    if (row && row.n >= limit && row.oldest) {
      const retryAfter = Math.max(1, Math.ceil((new Date(row.oldest).getTime() + options.windowMs - options.now.getTime()) / 1000))
      throw new AppError(429, options.message, { headers: { 'Retry-After': String(retryAfter) } })
    }
  }
}

/**
 * Mail sent on request (verification, password reset): one address may ask 5 times an hour for one account and
 * 20 times in all; one account gets at most 20 an hour whoever asks. So one person cannot use up the owner's quota.
 */
export function mailRequestLimits(email: string, clientAddress: string): ThrottleLimit[] {
  return [
    { key: `ip+email:${clientAddress}|${email}`, limit: 5 },
    { key: `ip:${clientAddress}`, limit: 20 },
    { key: `email:${email}`, limit: 20 },
  ]
}
