import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { users } from '../db/schema.ts'
import { hashPassword } from '../auth/passwords.ts'

/** ADMIN_EMAIL/ADMIN_PASSWORD: creates that admin, or resets its password and role. */
export async function ensureAdmin(db: Db, admin: { email: string; password: string }, cost: number) {
  const passwordHash = await hashPassword(admin.password, cost)
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, admin.email))
  if (existing) {
    await db.update(users).set({ passwordHash, role: 'admin', updatedAt: new Date() }).where(eq(users.id, existing.id))
    return 'reset' as const
  }
  await db.insert(users).values({ email: admin.email, name: 'Administrator', passwordHash, role: 'admin', emailVerified: true })
  return 'created' as const
}
