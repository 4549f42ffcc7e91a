import { and, asc, count, eq, inArray, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { profileInput } from '../../contract/users.ts'
import type { PackageBasic, User } from '../../contract/auth.ts'
import type { Package } from '../../contract/content.ts'
import type { Page } from '../../contract/envelope.ts'
import { toMoneyString } from '../../contract/content.ts'
import type { Db } from '../db/client.ts'
import type { AuthUser } from '../deps.ts'
import { accessRequests, packages, skills, userPackages, users, type UserRow } from '../db/schema.ts'
import { badRequest, conflict, forbidden, notFound } from '../http/errors.ts'
import { toPage } from '../http/paging.ts'
import { toPackage, type Signer } from '../content/mappers.ts'
import { packageTree } from '../content/tree-query.ts'
import { nextSessionVersion } from '../auth/sessions.ts'

const iso = (d: Date | string) => new Date(d).toISOString()

export function toUser(row: UserRow, packageList: PackageBasic[] = []): User {
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
    reminderEmails: row.reminderEmails,
    captionsLanguage: row.captionsLanguage,
    captionsOn: row.captionsOn,
    playbackRate: row.playbackRate,
    packages: packageList,
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

/** The packages (with their skills) assigned to each of these users, in two statements whatever the count. */
async function assignedPackages(db: Db, userIds: number[]): Promise<Map<number, PackageBasic[]>> {
  const byUser = new Map<number, PackageBasic[]>(userIds.map((id) => [id, []]))
  if (!userIds.length) return byUser
  const links = await db
    .select({ userId: userPackages.userId, pkg: packages })
    .from(userPackages)
    .innerJoin(packages, eq(packages.id, userPackages.packageId))
    .where(inArray(userPackages.userId, userIds))
    .orderBy(asc(userPackages.assignedAt), asc(packages.id))
  const packageIds = [...new Set(links.map((l) => l.pkg.id))]
  const skillRows = packageIds.length
    ? await db.select().from(skills).where(inArray(skills.packageId, packageIds)).orderBy(asc(skills.id))
    : []
  for (const { userId, pkg } of links) {
    byUser.get(userId)!.push({
      id: pkg.id,
      title: pkg.title,
      description: pkg.description,
      price: toMoneyString(pkg.price),
      createdAt: iso(pkg.createdAt),
      skills: skillRows
        .filter((s) => s.packageId === pkg.id)
        .map((s) => ({ id: s.id, title: s.title, description: s.description, price: toMoneyString(s.price), createdAt: iso(s.createdAt) })),
    })
  }
  return byUser
}

/** One user with the packages assigned to them (and their skills). */
export async function getUserWithPackages(db: Db, id: number): Promise<User> {
  const row = await getUserRow(db, id)
  return toUser(row, (await assignedPackages(db, [id])).get(id))
}

export const getCurrentUser = getUserWithPackages

/** Admins may read anyone; others only themselves. */
function assertSelfOrAdmin(viewer: AuthUser, userId: number) {
  if (viewer.role !== 'admin' && viewer.id !== userId) throw forbidden('You can only see your own account')
}

/** A user as the viewer may read them: themselves, or anyone for an admin. */
export async function getVisibleUser(db: Db, viewer: AuthUser, id: number): Promise<User> {
  assertSelfOrAdmin(viewer, id)
  return getUserWithPackages(db, id)
}

/** One user (themselves, or anyone for an admin) with the full trees of their assigned packages. */
export async function getUserWithPackageTrees(
  db: Db,
  viewer: AuthUser,
  id: number,
  sign: Signer,
): Promise<Omit<User, 'packages'> & { packages: Package[] }> {
  assertSelfOrAdmin(viewer, id)
  const row = await getUserRow(db, id)
  const ids = (await db.select({ id: userPackages.packageId }).from(userPackages).where(eq(userPackages.userId, id))).map((r) => r.id)
  const trees = ids.length
    ? await db.query.packages.findMany({
        where: inArray(packages.id, ids),
        orderBy: [asc(packages.id)],
        with: packageTree,
      })
    : []
  return { ...toUser(row), packages: trees.map((tree) => toPackage(tree, sign)) }
}

export async function listUsers(db: Db): Promise<User[]> {
  const rows = await db.select().from(users).orderBy(asc(users.id))
  const packagesByUser = await assignedPackages(
    db,
    rows.map((r) => r.id),
  )
  return rows.map((r) => toUser(r, packagesByUser.get(r.id)))
}

export async function pageUsers(db: Db, page: number, size: number): Promise<Page<User>> {
  const [total] = await db.select({ n: count() }).from(users)
  const rows = await db
    .select()
    .from(users)
    .orderBy(asc(users.id))
    .limit(size)
    .offset(page * size)
  const packagesByUser = await assignedPackages(
    db,
    rows.map((r) => r.id),
  )
  return toPage(
    rows.map((r) => toUser(r, packagesByUser.get(r.id))),
    total?.n ?? 0,
    page,
    size,
  )
}

/** Adds packages to a user; pairs that exist stay as they are (idempotent); unknown package ids are a 400 naming them. */
export async function assignPackages(db: Db, userId: number, packageIds: number[]): Promise<User> {
  await getUserRow(db, userId)
  const wanted = [...new Set(packageIds)]
  const known = new Set((await db.select({ id: packages.id }).from(packages).where(inArray(packages.id, wanted))).map((r) => r.id))
  const unknown = wanted.filter((id) => !known.has(id))
  if (unknown.length)
    throw badRequest(`Unknown package id(s): ${unknown.join(', ')}`, { packageIds: `Unknown package id(s): ${unknown.join(', ')}` })
  await db
    .insert(userPackages)
    .values(wanted.map((packageId) => ({ userId, packageId })))
    .onConflictDoNothing({ target: [userPackages.userId, userPackages.packageId] })
  // The learner has what they asked for, however the admin gave it.
  await db
    .update(accessRequests)
    .set({ status: 'assigned', resolvedAt: sql`now()` })
    .where(and(eq(accessRequests.userId, userId), inArray(accessRequests.packageId, wanted), eq(accessRequests.status, 'open')))
  return getUserWithPackages(db, userId)
}

export async function unassignPackage(db: Db, userId: number, packageId: number): Promise<User> {
  await getUserRow(db, userId)
  const removed = await db
    .delete(userPackages)
    .where(and(eq(userPackages.userId, userId), eq(userPackages.packageId, packageId)))
    .returning({ packageId: userPackages.packageId })
  if (!removed.length) throw notFound(`Package ${packageId} is not assigned to this user`)
  return getUserWithPackages(db, userId)
}

/**
 * Changes a role; the last admin cannot stop being one, so the system always keeps an administrator.
 * A real change ends the person's sessions, except when admins change their own: that session goes on, and the
 * guard reads the new role from the database at once.
 */
export async function changeRole(db: Db, userId: number, role: User['role'], changedBy: number, now: Date): Promise<User> {
  return db.transaction(async (tx) => {
    const row = await getUserRow(tx, userId)
    if (row.role === 'admin' && role !== 'admin') {
      // Lock the admin rows (in id order) so two admins demoting each other at once cannot leave none.
      const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).orderBy(asc(users.id)).for('update')
      if (!admins.some((a) => a.id !== userId)) throw conflict('The last administrator cannot stop being an administrator')
    }
    const endsSessions = row.role !== role && userId !== changedBy
    await tx
      .update(users)
      .set({ role, updatedAt: now, ...(endsSessions ? { sessionVersion: nextSessionVersion() } : {}) })
      .where(eq(users.id, userId))
    return getUserWithPackages(tx, userId)
  })
}

/** What a profile update may change; an absent field is left as it is. */
type ProfileUpdate = z.output<typeof profileInput>

export async function updateProfile(db: Db, userId: number, input: ProfileUpdate, now: Date): Promise<User> {
  const set: Partial<UserRow> = { name: input.name, updatedAt: now }
  if (input.givenName !== undefined) set.givenName = input.givenName
  if (input.familyName !== undefined) set.familyName = input.familyName
  if (input.pictureUrl !== undefined) set.pictureUrl = input.pictureUrl
  if (input.reminderEmails !== undefined) set.reminderEmails = input.reminderEmails
  if (input.captionsLanguage !== undefined) set.captionsLanguage = input.captionsLanguage
  if (input.captionsOn !== undefined) set.captionsOn = input.captionsOn
  if (input.playbackRate !== undefined) set.playbackRate = input.playbackRate
  await db.update(users).set(set).where(eq(users.id, userId))
  return getUserWithPackages(db, userId)
}
