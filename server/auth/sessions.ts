import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { users, type UserRow } from '../db/schema.ts'
import type { TokenService } from './tokens.ts'

/** A session token for this account as it is now: its id, role and session version. */
export function signSession(tokens: TokenService, row: Pick<UserRow, 'id' | 'role' | 'sessionVersion'>): Promise<string> {
  return tokens.sign({ userId: row.id, role: row.role, sessionVersion: row.sessionVersion })
}

/** The value to set to end every session of an account: its session version plus one. */
export const nextSessionVersion = () => sql`${users.sessionVersion} + 1`

/** 'Sign out everywhere': every token of the account stops working, the caller's too, and each says why when used. */
export async function endAllSessions(db: Db, userId: number, now: Date) {
  await db
    .update(users)
    .set({ sessionVersion: nextSessionVersion(), signedOutEverywhereVersion: nextSessionVersion(), updatedAt: now })
    .where(eq(users.id, userId))
}
