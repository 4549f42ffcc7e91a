import { and, count, eq, gt, lt, min } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { loginFailures } from '../db/schema.ts'
import { AppError } from '../http/errors.ts'

export const LOGIN_WINDOW_MS = 15 * 60_000
export const MAX_LOGIN_FAILURES = 10

/**
 * Password-login throttling, kept in the database: at most 10 failures per e-mail and per client
 * address in 15 minutes; then 429 with Retry-After until the oldest counted failure leaves the window.
 */
export async function assertLoginAllowed(db: Db, email: string, address: string, now: Date) {
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS)
  for (const condition of [eq(loginFailures.email, email), eq(loginFailures.clientAddress, address)]) {
    const [row] = await db
      .select({ failures: count(), oldest: min(loginFailures.failedAt) })
      .from(loginFailures)
      .where(and(condition, gt(loginFailures.failedAt, since)))
    if (row && row.failures >= MAX_LOGIN_FAILURES && row.oldest) {
      const retryAfter = Math.max(1, Math.ceil((new Date(row.oldest).getTime() + LOGIN_WINDOW_MS - now.getTime()) / 1000))
      throw new AppError(429, `Too many failed sign-in attempts. Try again in ${Math.ceil(retryAfter / 60)} minute(s).`, {
        headers: { 'Retry-After': String(retryAfter) },
      })
    }
  }
}

export async function recordLoginFailure(db: Db, email: string, address: string, now: Date) {
  await db.insert(loginFailures).values({ email, clientAddress: address, failedAt: now })
  await db.delete(loginFailures).where(lt(loginFailures.failedAt, new Date(now.getTime() - LOGIN_WINDOW_MS)))
}

/** A success clears the failures of this e-mail from this address only. */
export async function clearLoginFailures(db: Db, email: string, address: string) {
  await db.delete(loginFailures).where(and(eq(loginFailures.email, email), eq(loginFailures.clientAddress, address)))
}
