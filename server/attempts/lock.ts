import { eq } from 'drizzle-orm'
import { users } from '../db/schema.ts'
import type { Queryable } from './settings.ts'

/**
 * Serialises one learner's starts and submissions (a row lock on their user row, held to the end of the
 * transaction), so attempt numbers never collide and limits hold under concurrent requests. PGlite runs one
 * transaction at a time, so the lock costs nothing there.
 */
export async function lockLearner(tx: Queryable, userId: number) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
}
