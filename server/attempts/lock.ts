import { eq, sql } from 'drizzle-orm'
import { users } from '../db/schema.ts'
import { preparedOnHandle } from '../db/prepared.ts'
import type { Queryable } from './settings.ts'

const lockRow = preparedOnHandle((tx) =>
  tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .for('update')
    .prepare('lock_learner'),
)

/**
 * Serialises one learner's starts and submissions (a row lock on their user row, held to the end of the
 * transaction), so attempt numbers never collide and limits hold under concurrent requests. PGlite runs one
 * transaction at a time, so the lock costs nothing there.
 */
export async function lockLearner(tx: Queryable, userId: number) {
  await lockRow(tx).execute({ userId })
}
