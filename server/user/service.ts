import { eq } from 'drizzle-orm'
import type { User } from '../../contract/auth.ts'
import type { Db } from '../db/client.ts'
import { users, type UserRow } from '../db/schema.ts'
import { notFound } from '../http/errors.ts'

export function toUser(row: UserRow, packages: User['packages'] = []): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    givenName: row.givenName,
    familyName: row.familyName,
    pictureUrl: row.pictureUrl,
    locale: row.locale,
    emailVerified: row.emailVerified,
    packages,
  }
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()))
  return row
}

export async function getUserRow(db: Db, id: number): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id))
  if (!row) throw notFound(`User not found with id ${id}`)
  return row
}

/** The signed-in user with the packages assigned to them (none until packages exist). */
export async function getCurrentUser(db: Db, id: number): Promise<User> {
  return toUser(await getUserRow(db, id))
}
