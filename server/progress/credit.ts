import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { watchCredit } from '../db/schema.ts'
import { AppError } from '../http/errors.ts'

/** What a new learner's budget holds: 5 s of watching. */
export const STARTING_SECONDS = 5
/** The most the budget holds, however long the learner was away. */
export const MAX_SECONDS = 60
/** The fastest playback that earns credit at its speed. */
const MAX_CREDITED_RATE = 2
/** Heartbeats a learner may send in a burst, and how many come back per second (one every 2 s). */
export const HEARTBEAT_BURST = 30
const HEARTBEATS_PER_SECOND = 0.5

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** A learner's budget, refilled to `now` and locked until the transaction ends. */
export interface Budget {
  /** Seconds this heartbeat may credit. */
  seconds: number
  /** Records what the heartbeat credited (the rest stays in the budget); answers the row stored. */
  spend(seconds: number): Promise<CreditRow>
}

/** The budget's stored state (no row yet for a learner who never sent a heartbeat). */
export interface CreditRow {
  seconds: number
  heartbeats: number
  refilledAt: Date
}

/**
 * The budget refilled to `now`: it grows by min(rate, 2) seconds per second since it was last refilled, up to 60 s,
 * and heartbeats come back at one every 2 s; a learner out of heartbeats gets 429. `spent` gives the row to store
 * once the heartbeat has credited that much.
 */
export function refill(row: CreditRow | null, now: Date, playbackRate: number) {
  const from = row ?? { seconds: STARTING_SECONDS, heartbeats: HEARTBEAT_BURST, refilledAt: now }
  const elapsed = Math.max(0, (now.getTime() - from.refilledAt.getTime()) / 1000)
  const heartbeats = Math.min(HEARTBEAT_BURST, from.heartbeats + elapsed * HEARTBEATS_PER_SECOND)
  if (heartbeats < 1) {
    const retryAfter = Math.ceil((1 - heartbeats) / HEARTBEATS_PER_SECOND)
    throw new AppError(429, 'Too many progress updates: wait a few seconds and try again', {
      headers: { 'Retry-After': String(retryAfter) },
    })
  }
  const seconds = Math.min(MAX_SECONDS, from.seconds + elapsed * Math.min(playbackRate, MAX_CREDITED_RATE))
  // A clock behind the stored one (another instance's) never moves the refill time back.
  const refilledAt = now > from.refilledAt ? now : from.refilledAt
  return {
    seconds,
    spent: (credited: number): CreditRow => ({ seconds: Math.max(0, seconds - credited), heartbeats: heartbeats - 1, refilledAt }),
  }
}

/**
 * Takes the learner's budget for one heartbeat, locked: the row is created on first use and locked (FOR UPDATE),
 * so every heartbeat of one learner, on any instance, waits for the one before it (see refill).
 */
export async function takeBudget(tx: Tx, userId: number, now: Date, playbackRate: number): Promise<Budget> {
  await tx
    .insert(watchCredit)
    .values({ userId, seconds: STARTING_SECONDS, heartbeats: HEARTBEAT_BURST, refilledAt: now })
    .onConflictDoNothing()
  const [row] = await tx.select().from(watchCredit).where(eq(watchCredit.userId, userId)).for('update')
  if (!row) throw new AppError(409, 'Progress could not be recorded; try again')
  const budget = refill(row, now, playbackRate)
  return {
    seconds: budget.seconds,
    spend: async (credited) => {
      const row = budget.spent(credited)
      await tx.update(watchCredit).set(row).where(eq(watchCredit.userId, userId))
      return row
    },
  }
}
