import { and, count, eq, gt, lt, max, min } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { loginFailures } from '../db/schema.ts'
import { AppError } from '../http/errors.ts'
import { withThrottleKeys } from './throttle-lock.ts'

/**
 * Password sign-in throttling (OWASP), kept in the database so every instance sees it:
 * - per account AND address together: 5 free failures in an hour, then a wait after each further failure that
 *   starts at 30 s and doubles up to 15 minutes. Failures from one address never delay another address, so an
 *   attacker cannot lock the owner out;
 * - per address alone, a higher ceiling: 100 failures in 15 minutes (any accounts) stop that address until the
 *   oldest leaves the window.
 */
export const FREE_FAILURES = 5
export const FIRST_DELAY_MS = 30_000
export const MAX_DELAY_MS = 15 * 60_000
export const FAILURE_MEMORY_MS = 60 * 60_000
export const ADDRESS_WINDOW_MS = 15 * 60_000
export const MAX_ADDRESS_FAILURES = 100

/** How long an account+address pair waits after its latest failure, given how many it has. */
export function delayAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0
  return Math.min(FIRST_DELAY_MS * 2 ** (failures - FREE_FAILURES), MAX_DELAY_MS)
}

function tooMany(retryAfterMs: number) {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000))
  return new AppError(429, `Too many failed sign-in attempts. Try again in ${Math.ceil(seconds / 60)} minute(s).`, {
    headers: { 'Retry-After': String(seconds) },
  })
}

async function assertLoginAllowed(db: Db, email: string, address: string, now: Date) {
  const [pair] = await db
    .select({ failures: count(), latest: max(loginFailures.failedAt) })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.email, email),
        eq(loginFailures.clientAddress, address),
        gt(loginFailures.failedAt, new Date(now.getTime() - FAILURE_MEMORY_MS)),
      ),
    )
  if (pair?.latest) {
    const wait = new Date(pair.latest).getTime() + delayAfter(pair.failures) - now.getTime()
    if (wait > 0) throw tooMany(wait)
  }
  const [fromAddress] = await db
    .select({ failures: count(), oldest: min(loginFailures.failedAt) })
    .from(loginFailures)
    .where(and(eq(loginFailures.clientAddress, address), gt(loginFailures.failedAt, new Date(now.getTime() - ADDRESS_WINDOW_MS))))
  if (fromAddress && fromAddress.failures >= MAX_ADDRESS_FAILURES && fromAddress.oldest) {
    throw tooMany(new Date(fromAddress.oldest).getTime() + ADDRESS_WINDOW_MS - now.getTime())
  }
}

/**
 * Counts a sign-in attempt as a failure before the password is checked, if the limits allow one more (else 429
 * and nothing counted): so concurrent guesses, on any instance, cannot all be checked. Answers the failure's id,
 * for forgetting it when the password turns out right.
 */
export async function reserveLoginAttempt(db: Db, email: string, address: string, now: Date): Promise<number> {
  return withThrottleKeys(db, 'login', [`ip+email:${address}|${email}`, `ip:${address}`], async (tx) => {
    await assertLoginAllowed(tx, email, address, now)
    const [row] = await tx
      .insert(loginFailures)
      .values({ email, clientAddress: address, failedAt: now })
      .returning({ id: loginFailures.id })
    await tx.delete(loginFailures).where(lt(loginFailures.failedAt, new Date(now.getTime() - FAILURE_MEMORY_MS)))
    return row!.id
  })
}

/** A right password that still may not sign in (e-mail not verified) is not a failure. */
export async function forgetLoginAttempt(db: Db, failureId: number) {
  await db.delete(loginFailures).where(eq(loginFailures.id, failureId))
}

/** A success clears the failures of this e-mail from this address only. */
export async function clearLoginFailures(db: Db, email: string, address: string) {
  await db.delete(loginFailures).where(and(eq(loginFailures.email, email), eq(loginFailures.clientAddress, address)))
}
