import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { users } from '../db/schema.ts'
import { hashPassword } from '../auth/passwords.ts'

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD: creates that admin, or resets its password and role. One statement (an upsert on
 * the unique e-mail), so instances starting at once over one database make one admin, never a duplicate or an error.
 */
export async function ensureAdmin(db: Db, admin: { email: string; password: string }, cost: number) {
  const passwordHash = await hashPassword(admin.password, cost)
  const [row] = await db
    .insert(users)
    .values({ email: admin.email, name: 'Administrator', passwordHash, role: 'admin', emailVerified: true })
    .onConflictDoUpdate({ target: users.email, set: { passwordHash, role: 'admin', updatedAt: new Date() } })
    .returning({ created: sql<boolean>`xmax = 0` })
  return row?.created ? ('created' as const) : ('reset' as const)
}
