import { and, asc, count, eq, inArray, sql } from 'drizzle-orm'
import type { PackageBasic, User } from '../../contract/auth.ts'
import type { Package } from '../../contract/content.ts'
import type { Page } from '../../contract/envelope.ts'
import { toMoneyString } from '../../contract/content.ts'
import type { Db } from '../db/client.ts'
import type { AuthUser } from '../deps.ts'
import { accessRequests, DEFAULT_REMINDER_DAYS, packages, skills, userPackages, users, type UserRow } from '../db/schema.ts'
import type { AssignedPackageFields } from '../../contract/assignments.ts'
import { assignmentsWithStatus } from '../assignments/statuses.ts'
import { groupSources } from '../assignments/sources.ts'
import { onNewAssignments } from '../assignments/new-assignments.ts'
import { badRequest, conflict, forbidden, notFound } from '../http/errors.ts'
import { toPage } from '../http/paging.ts'
import { toPackage, type Signer } from '../content/mappers.ts'
import { packageTree } from '../content/tree-query.ts'
import { nextSessionVersion } from '../auth/sessions.ts'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

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
    packages: packageList,
  }
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase()))
  return row
}

export async function getUserRow(db: Db | Tx, id: number): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id))
  if (!row) throw notFound(`User not found with id ${id}`)
  return row
}

/** Where each of these users stands with each assigned package, keyed `userId:packageId`: a constant number of queries. */
async function assignmentDetails(db: Db | Tx, userIds: number[], now: Date) {
  const ids = sql.join(
    userIds.map((id) => sql`${id}`),
    sql`, `,
  )
  const [statuses, sources] = [await assignmentsWithStatus(db, sql`up.user_id in (${ids})`, now), await groupSources(db, userIds)]
  const statusOf = new Map(statuses.map((s) => [`${s.userId}:${s.packageId}`, s]))
  return (link: {
    userId: number
    direct: boolean
    dueAt: Date | null
    dueDays: number | null
    reminderDays: number[]
    packageId: number
  }) => {
    const key = `${link.userId}:${link.packageId}`
    const found = statusOf.get(key)
    return {
      dueAt: found?.dueAt ? iso(found.dueAt) : null,
      status: found?.status ?? ('not-started' as const),
      completedAt: found?.completedAt ? iso(found.completedAt) : null,
      direct: link.direct,
      directDue: link.direct
        ? { dueAt: link.dueAt ? iso(link.dueAt) : null, dueDays: link.dueDays, reminderDays: link.reminderDays }
        : null,
      groups: sources.get(key) ?? [],
    }
  }
}

/** The packages (with their skills and assignment) assigned to each of these users, in a constant number of statements. */
async function assignedPackages(db: Db | Tx, userIds: number[], now: Date): Promise<Map<number, PackageBasic[]>> {
  const byUser = new Map<number, PackageBasic[]>(userIds.map((id) => [id, []]))
  if (!userIds.length) return byUser
  const links = await db
    .select({
      userId: userPackages.userId,
      packageId: userPackages.packageId,
      direct: userPackages.direct,
      dueAt: userPackages.dueAt,
      dueDays: userPackages.dueDays,
      reminderDays: userPackages.reminderDays,
      pkg: packages,
    })
    .from(userPackages)
    .innerJoin(packages, eq(packages.id, userPackages.packageId))
    .where(inArray(userPackages.userId, userIds))
    .orderBy(asc(userPackages.assignedAt), asc(packages.id))
  if (!links.length) return byUser
  const packageIds = [...new Set(links.map((l) => l.pkg.id))]
  const skillRows = await db.select().from(skills).where(inArray(skills.packageId, packageIds)).orderBy(asc(skills.id))
  const assignment = await assignmentDetails(db, [...new Set(links.map((l) => l.userId))], now)
  for (const link of links) {
    const { pkg } = link
    byUser.get(link.userId)!.push({
      id: pkg.id,
      title: pkg.title,
      description: pkg.description,
      price: toMoneyString(pkg.price),
      createdAt: iso(pkg.createdAt),
      skills: skillRows
        .filter((s) => s.packageId === pkg.id)
        .map((s) => ({ id: s.id, title: s.title, description: s.description, price: toMoneyString(s.price), createdAt: iso(s.createdAt) })),
      ...assignment(link),
    })
  }
  return byUser
}

/** One user with the packages assigned to them (and their skills). */
export async function getUserWithPackages(db: Db | Tx, id: number, now: Date): Promise<User> {
  const row = await getUserRow(db, id)
  return toUser(row, (await assignedPackages(db, [id], now)).get(id))
}

export const getCurrentUser = getUserWithPackages

/** Admins may read anyone; others only themselves. */
function assertSelfOrAdmin(viewer: AuthUser, userId: number) {
  if (viewer.role !== 'admin' && viewer.id !== userId) throw forbidden('You can only see your own account')
}

/** A user as the viewer may read them: themselves, or anyone for an admin. */
export async function getVisibleUser(db: Db, viewer: AuthUser, id: number, now: Date): Promise<User> {
  assertSelfOrAdmin(viewer, id)
  return getUserWithPackages(db, id, now)
}

/** One user (themselves, or anyone for an admin) with the full trees of their assigned packages. */
export async function getUserWithPackageTrees(
  db: Db,
  viewer: AuthUser,
  id: number,
  sign: Signer,
  now: Date,
): Promise<Omit<User, 'packages'> & { packages: (Package & AssignedPackageFields)[] }> {
  assertSelfOrAdmin(viewer, id)
  const row = await getUserRow(db, id)
  const assigned = (await assignedPackages(db, [id], now)).get(id) ?? []
  const ids = assigned.map((p) => p.id)
  const trees = ids.length
    ? await db.query.packages.findMany({
        where: inArray(packages.id, ids),
        orderBy: [asc(packages.id)],
        with: packageTree,
      })
    : []
  const byId = new Map(assigned.map((p) => [p.id, p]))
  return {
    ...toUser(row),
    packages: trees.map((tree) => {
      const { dueAt, status, completedAt, direct, directDue, groups } = byId.get(tree.id)!
      return { ...toPackage(tree, sign), dueAt, status, completedAt, direct, directDue, groups }
    }),
  }
}

export async function listUsers(db: Db, now: Date): Promise<User[]> {
  const rows = await db.select().from(users).orderBy(asc(users.id))
  const packagesByUser = await assignedPackages(
    db,
    rows.map((r) => r.id),
    now,
  )
  return rows.map((r) => toUser(r, packagesByUser.get(r.id)))
}

export async function pageUsers(db: Db, page: number, size: number, now: Date): Promise<Page<User>> {
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
    now,
  )
  return toPage(
    rows.map((r) => toUser(r, packagesByUser.get(r.id))),
    total?.n ?? 0,
    page,
    size,
  )
}

/** The packages of these ids; unknown ids are a 400 naming them. */
async function assertPackagesExist(db: Db | Tx, packageIds: number[]) {
  const known = new Set((await db.select({ id: packages.id }).from(packages).where(inArray(packages.id, packageIds))).map((r) => r.id))
  const unknown = packageIds.filter((id) => !known.has(id))
  if (unknown.length)
    throw badRequest(`Unknown package id(s): ${unknown.join(', ')}`, { packageIds: `Unknown package id(s): ${unknown.join(', ')}` })
}

/** The learner has what they asked for, however the admin gave it. */
async function closeAccessRequests(db: Db | Tx, userId: number, packageIds: number[], now: Date) {
  await db
    .update(accessRequests)
    .set({ status: 'assigned', resolvedAt: now })
    .where(and(eq(accessRequests.userId, userId), inArray(accessRequests.packageId, packageIds), eq(accessRequests.status, 'open')))
}

/**
 * Assigns packages to a user directly (idempotent): a new pair is created, a pair only groups gave becomes direct too,
 * and a direct pair stays as it is. Unknown package ids are a 400 naming them. New assignments are announced.
 */
export async function assignPackages(db: Db | Tx, userId: number, packageIds: number[], now: Date): Promise<User> {
  return db.transaction(async (tx) => {
    await getUserRow(tx, userId)
    const wanted = [...new Set(packageIds)]
    await assertPackagesExist(tx, wanted)
    const added = await tx
      .insert(userPackages)
      .values(wanted.map((packageId) => ({ userId, packageId, assignedAt: now, direct: true })))
      .onConflictDoNothing({ target: [userPackages.userId, userPackages.packageId] })
      .returning({ userId: userPackages.userId, packageId: userPackages.packageId })
    await tx
      .update(userPackages)
      .set({ direct: true })
      .where(and(eq(userPackages.userId, userId), inArray(userPackages.packageId, wanted), eq(userPackages.direct, false)))
    await closeAccessRequests(tx, userId, wanted, now)
    await onNewAssignments(tx, added, now)
    return getUserWithPackages(tx, userId, now)
  })
}

/**
 * Assigns one package to a user directly with its own due settings (creating the assignment if there is none);
 * settings not given are cleared, absent reminder offsets are the default ones.
 */
export async function setDirectAssignment(
  db: Db,
  userId: number,
  packageId: number,
  input: { dueAt?: string | null; dueDays?: number | null; reminderDays?: number[] },
  now: Date,
): Promise<User> {
  return db.transaction(async (tx) => {
    await getUserRow(tx, userId)
    const [pkg] = await tx.select({ id: packages.id }).from(packages).where(eq(packages.id, packageId))
    if (!pkg) throw notFound(`Package not found with id ${packageId}`)
    const due = {
      direct: true,
      dueAt: input.dueAt ? new Date(input.dueAt) : null,
      dueDays: input.dueDays ?? null,
      reminderDays: input.reminderDays ?? DEFAULT_REMINDER_DAYS,
    }
    const added = await tx
      .insert(userPackages)
      .values({ userId, packageId, assignedAt: now, ...due })
      .onConflictDoNothing({ target: [userPackages.userId, userPackages.packageId] })
      .returning({ userId: userPackages.userId, packageId: userPackages.packageId })
    if (!added.length)
      await tx
        .update(userPackages)
        .set(due)
        .where(and(eq(userPackages.userId, userId), eq(userPackages.packageId, packageId)))
    await closeAccessRequests(tx, userId, [packageId], now)
    await onNewAssignments(tx, added, now)
    return getUserWithPackages(tx, userId, now)
  })
}

/**
 * Takes back a direct assignment. A package the learner also has through a group stays, given by the group only
 * (the direct due settings go); one that only groups give cannot be unassigned here (409 naming them).
 */
export async function unassignPackage(db: Db, userId: number, packageId: number, now: Date): Promise<User> {
  return db.transaction(async (tx) => {
    await getUserRow(tx, userId)
    const [row] = await tx
      .select({ direct: userPackages.direct })
      .from(userPackages)
      .where(and(eq(userPackages.userId, userId), eq(userPackages.packageId, packageId)))
      .for('update')
    if (!row) throw notFound(`Package ${packageId} is not assigned to this user`)
    const viaGroups = (await groupSources(tx, [userId])).get(`${userId}:${packageId}`) ?? []
    const names = viaGroups.map((g) => g.name).join(', ')
    if (!row.direct)
      throw conflict(`This package comes through the group(s) ${names}: remove it from the group, or the user from the group`)
    if (viaGroups.length)
      await tx
        .update(userPackages)
        .set({ direct: false, dueAt: null, dueDays: null, reminderDays: DEFAULT_REMINDER_DAYS })
        .where(and(eq(userPackages.userId, userId), eq(userPackages.packageId, packageId)))
    else await tx.delete(userPackages).where(and(eq(userPackages.userId, userId), eq(userPackages.packageId, packageId)))
    return getUserWithPackages(tx, userId, now)
  })
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
    return getUserWithPackages(tx, userId, now)
  })
}

export async function updateProfile(
  db: Db,
  userId: number,
  input: { name: string; givenName?: string | null; familyName?: string | null; pictureUrl?: string | null; reminderEmails?: boolean },
  now: Date,
): Promise<User> {
  const set: Partial<UserRow> = { name: input.name, updatedAt: now }
  if (input.givenName !== undefined) set.givenName = input.givenName
  if (input.familyName !== undefined) set.familyName = input.familyName
  if (input.pictureUrl !== undefined) set.pictureUrl = input.pictureUrl
  if (input.reminderEmails !== undefined) set.reminderEmails = input.reminderEmails
  await db.update(users).set(set).where(eq(users.id, userId))
  return getUserWithPackages(db, userId, now)
}
