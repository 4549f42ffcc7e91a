import { and, asc, eq, sql } from 'drizzle-orm'
import type { CreateGroupInput, GroupDetail, GroupSummary } from '../../contract/groups.ts'
import type { Db } from '../db/client.ts'
import { intArray } from '../db/bulk.ts'
import { DEFAULT_REMINDER_DAYS, groupMembers, groupPackages, groups, packages, users } from '../db/schema.ts'
import { isUniqueViolation } from '../db/unique-violation.ts'
import { badRequest, conflict, notFound } from '../http/errors.ts'
import { onNewAssignments } from '../assignments/new-assignments.ts'
import { type AssignedPair, syncGroupAssignments } from '../assignments/sync.ts'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

const nameTaken = (name: string) => conflict(`A group named "${name}" already exists`)
const sameName = (name: string) => sql`lower(${groups.name}) = lower(${name})`
const iso = (d: Date | null) => (d ? d.toISOString() : null)

/** Every group with how many members and packages it has, by name. */
export async function listGroups(db: Db | Tx): Promise<GroupSummary[]> {
  const rows = await db
    .select({
      id: groups.id,
      name: groups.name,
      description: groups.description,
      memberCount: sql<number>`(select count(*) from group_members gm where gm.group_id = ${groups.id})::int`,
      packageCount: sql<number>`(select count(*) from group_packages gp where gp.group_id = ${groups.id})::int`,
    })
    .from(groups)
    .orderBy(sql`lower(${groups.name})`, asc(groups.id))
  return rows.map((r) => ({ ...r, memberCount: Number(r.memberCount), packageCount: Number(r.packageCount) }))
}

async function summaryOf(db: Db | Tx, id: number): Promise<GroupSummary> {
  const found = (await listGroups(db)).find((g) => g.id === id)
  if (!found) throw notFound('Group not found')
  return found
}

/** A new group; a name already used, in any case, is a 409 (the unique index decides between racing requests). */
export async function createGroup(db: Db | Tx, input: { name: string; description?: string }): Promise<GroupSummary> {
  const [row] = await db
    .insert(groups)
    .values({ name: input.name, description: input.description ?? '' })
    .onConflictDoNothing()
    .returning({ id: groups.id, name: groups.name, description: groups.description })
  if (!row) throw nameTaken(input.name)
  return { ...row, memberCount: 0, packageCount: 0 }
}

/** The group of that name (compared case-insensitively), created when there is none: for imports naming groups. */
export async function findOrCreateGroupByName(tx: Db | Tx, name: string): Promise<{ id: number; name: string; created: boolean }> {
  const [found] = await tx.select({ id: groups.id, name: groups.name }).from(groups).where(sameName(name))
  if (found) return { ...found, created: false }
  const [row] = await tx.insert(groups).values({ name }).onConflictDoNothing().returning({ id: groups.id, name: groups.name })
  if (row) return { ...row, created: true }
  // Another request created it in between.
  const [raced] = await tx.select({ id: groups.id, name: groups.name }).from(groups).where(sameName(name))
  return { ...raced!, created: false }
}

/** A group with its members and its packages' due settings. */
export async function getGroup(db: Db | Tx, id: number): Promise<GroupDetail> {
  const [group] = await db.select().from(groups).where(eq(groups.id, id))
  if (!group) throw notFound('Group not found')
  const members = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(groupMembers)
    .innerJoin(users, eq(users.id, groupMembers.userId))
    .where(eq(groupMembers.groupId, id))
    .orderBy(asc(users.name), asc(users.id))
  const given = await db
    .select({
      packageId: groupPackages.packageId,
      title: packages.title,
      dueAt: groupPackages.dueAt,
      dueDays: groupPackages.dueDays,
      reminderDays: groupPackages.reminderDays,
    })
    .from(groupPackages)
    .innerJoin(packages, eq(packages.id, groupPackages.packageId))
    .where(eq(groupPackages.groupId, id))
    .orderBy(asc(packages.title), asc(packages.id))
  return {
    id: group.id,
    name: group.name,
    description: group.description,
    members,
    packages: given.map((p) => ({ ...p, dueAt: iso(p.dueAt) })),
  }
}

/** Renames or redescribes a group; another group's name (in any case) is a 409. */
export async function updateGroup(db: Db, id: number, input: Partial<CreateGroupInput>): Promise<GroupSummary> {
  const set: { name?: string; description?: string } = {}
  if (input.name !== undefined) set.name = input.name
  if (input.description !== undefined) set.description = input.description
  try {
    const [row] = await db.update(groups).set(set).where(eq(groups.id, id)).returning({ id: groups.id })
    if (!row) throw notFound('Group not found')
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken(input.name ?? '')
    throw err
  }
  return summaryOf(db, id)
}

/** Locks the group's row for the transaction, so membership and packages change one request at a time; 404 without it. */
async function lockGroup(tx: Db | Tx, id: number) {
  const [group] = await tx.select({ id: groups.id }).from(groups).where(eq(groups.id, id)).for('update')
  if (!group) throw notFound('Group not found')
}

const memberIds = async (tx: Db | Tx, groupId: number) =>
  (await tx.select({ userId: groupMembers.userId }).from(groupMembers).where(eq(groupMembers.groupId, groupId))).map((r) => r.userId)

/** Deletes a group: its members keep only what they have directly or through other groups, and all their progress. */
export async function deleteGroup(db: Db, id: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await lockGroup(tx, id)
    const members = await memberIds(tx, id)
    await tx.delete(groups).where(eq(groups.id, id))
    await syncGroupAssignments(tx, members, now)
  })
}

/**
 * Adds learners to a group (those already in it stay as they are) and gives them the group's packages, announcing
 * each new assignment, in the caller's transaction. Unknown user ids are a 400 naming them; an unknown group a 404.
 * Returns the assignments that are new.
 */
export async function addGroupMembers(tx: Db | Tx, groupId: number, userIds: readonly number[], now: Date): Promise<AssignedPair[]> {
  await lockGroup(tx, groupId)
  const wanted = [...new Set(userIds)]
  if (!wanted.length) return []
  const known = new Set(
    (
      await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`${users.id} = any(${intArray(wanted)})`)
    ).map((r) => r.id),
  )
  const unknown = wanted.filter((id) => !known.has(id))
  if (unknown.length) {
    const message = `Unknown user id(s): ${unknown.join(', ')}`
    throw badRequest(message, { userIds: message })
  }
  await tx.execute(sql`
    insert into group_members (group_id, user_id, added_at)
    select ${groupId}, v.user_id, ${now.toISOString()}::timestamptz from unnest(${intArray(wanted)}) as v(user_id)
    on conflict do nothing`)
  const added = await syncGroupAssignments(tx, wanted, now)
  await onNewAssignments(tx, added, now)
  return added
}

/** Takes a learner out of a group: what only that group gave them goes, nothing else. 404 when they are not a member. */
export async function removeGroupMember(db: Db, groupId: number, userId: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await lockGroup(tx, groupId)
    const removed = await tx
      .delete(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)))
      .returning({ userId: groupMembers.userId })
    if (!removed.length) throw notFound('This user is not a member of the group')
    await syncGroupAssignments(tx, [userId], now)
  })
}

/**
 * Assigns a package to a group with its due settings, or replaces the settings when it is assigned already; every
 * member gets the package (new assignments are announced). Settings not given are cleared; absent reminder offsets
 * are the default ones.
 */
export async function setGroupPackage(
  db: Db,
  groupId: number,
  packageId: number,
  input: { dueAt?: string | null; dueDays?: number | null; reminderDays?: number[] },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockGroup(tx, groupId)
    const [pkg] = await tx.select({ id: packages.id }).from(packages).where(eq(packages.id, packageId))
    if (!pkg) throw notFound(`Package not found with id ${packageId}`)
    const due = {
      dueAt: input.dueAt ? new Date(input.dueAt) : null,
      dueDays: input.dueDays ?? null,
      reminderDays: input.reminderDays ?? DEFAULT_REMINDER_DAYS,
    }
    await tx
      .insert(groupPackages)
      .values({ groupId, packageId, assignedAt: now, ...due })
      .onConflictDoUpdate({ target: [groupPackages.groupId, groupPackages.packageId], set: due })
    const added = await syncGroupAssignments(tx, await memberIds(tx, groupId), now)
    await onNewAssignments(tx, added, now)
  })
}

/** Unassigns a package from a group: members keep it only when they have it directly or through another group. */
export async function removeGroupPackage(db: Db, groupId: number, packageId: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await lockGroup(tx, groupId)
    const removed = await tx
      .delete(groupPackages)
      .where(and(eq(groupPackages.groupId, groupId), eq(groupPackages.packageId, packageId)))
      .returning({ packageId: groupPackages.packageId })
    if (!removed.length) throw notFound('This package is not assigned to the group')
    await syncGroupAssignments(tx, await memberIds(tx, groupId), now)
  })
}
