import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { userPackages, users } from '../db/schema.ts'
import { conflict } from '../http/errors.ts'
import type { AssignedPair } from '../assignments/sync.ts'
import { createNotifications } from '../notifications/create.ts'
import { addGroupMembers, findOrCreateGroupsByName } from './group-membership.ts'
import type { ImportPlan, ImportState } from './plan.ts'
import { inChunks } from './state.ts'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** Rows one insert or update carries. */
const WRITE_CHUNK = 1000

/** An account the import made or found, by e-mail: the invitations need its id and name. */
export interface ImportedAccount {
  id: number
  email: string
  name: string
}

/**
 * Writes a plan in the caller's transaction: new groups, new accounts (no password: they are invited), changed
 * names and roles, group memberships (which bring the groups' packages), direct assignments, and an 'assigned'
 * notification for each package a learner did not have. Answers the new accounts.
 */
export async function applyPlan(tx: Tx, plan: ImportPlan, state: ImportState, now: Date): Promise<ImportedAccount[]> {
  const created = await createAccounts(tx, plan, now)
  const idOf = new Map<string, number>(created.map((account) => [account.email, account.id]))
  for (const [email, account] of state.accounts) idOf.set(email, account.id)

  await changeAccounts(tx, plan, now)

  const newGroupIds = await findOrCreateGroupsByName(tx, plan.newGroups)
  const given: AssignedPair[] = []
  for (const [key, emails] of plan.joins) {
    const groupId = state.groups.get(key)?.id ?? newGroupIds.get(key)!
    given.push(...(await addGroupMembers(tx, groupId, [...new Set(emails.map((email) => idOf.get(email)!))], now)))
  }

  const direct = plan.directPackages.map(({ email, packageId }) => ({ userId: idOf.get(email)!, packageId }))
  await assignDirectly(tx, direct, now)
  const hadBefore = (pair: AssignedPair) => state.assignments.has(`${pair.userId}:${pair.packageId}`)
  await notifyAssigned(tx, [...given, ...direct.filter((pair) => !hadBefore(pair))], state, now)
  return created
}

async function createAccounts(tx: Tx, plan: ImportPlan, now: Date): Promise<ImportedAccount[]> {
  const created = await inChunks(plan.created, WRITE_CHUNK, (chunk) =>
    tx
      .insert(users)
      .values(chunk.map((account) => ({ ...account, passwordHash: null, emailVerified: false, createdAt: now, updatedAt: now })))
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id, email: users.email, name: users.name }),
  )
  if (created.length !== plan.created.length) {
    const made = new Set(created.map((account) => account.email))
    const taken = plan.created.find((account) => !made.has(account.email))!.email
    throw conflict(`An account for ${taken} was created while the file was being imported. Import the file again.`)
  }
  return created
}

/** New names and roles, a chunk per statement; a role change ends that account's sessions where the plan says so. */
async function changeAccounts(tx: Tx, plan: ImportPlan, now: Date) {
  for (let i = 0; i < plan.changes.length; i += WRITE_CHUNK) {
    const values = sql.join(
      plan.changes
        .slice(i, i + WRITE_CHUNK)
        .map((change) => sql`(${change.userId}::integer, ${change.name}::text, ${change.role}::text, ${change.endsSessions}::boolean)`),
      sql`, `,
    )
    await tx.execute(sql`
      update users u
      set name = v.name,
          role = v.role,
          session_version = case when v.ends_sessions then u.session_version + 1 else u.session_version end,
          updated_at = ${now.toISOString()}::timestamptz
      from (values ${values}) as v(id, name, role, ends_sessions)
      where u.id = v.id`)
  }
}

/**
 * Direct assignments: a pair a group already gives becomes direct too (so it stays when the learner leaves the
 * group); a direct pair stays as it is. Open access requests for these packages are answered, as an admin's
 * assignment answers them.
 */
async function assignDirectly(tx: Tx, pairs: AssignedPair[], now: Date) {
  for (let i = 0; i < pairs.length; i += WRITE_CHUNK) {
    const chunk = pairs.slice(i, i + WRITE_CHUNK)
    await tx
      .insert(userPackages)
      .values(chunk.map((pair) => ({ ...pair, direct: true, assignedAt: now })))
      .onConflictDoUpdate({ target: [userPackages.userId, userPackages.packageId], set: { direct: true } })
    const list = sql.join(
      chunk.map((pair) => sql`(${pair.userId}::integer, ${pair.packageId}::integer)`),
      sql`, `,
    )
    await tx.execute(sql`
      update access_requests set status = 'assigned', resolved_at = ${now.toISOString()}::timestamptz
      where status = 'open' and (user_id, package_id) in (${list})`)
  }
}

/** One 'assigned' notification per package a learner gets, titled with the package. */
async function notifyAssigned(tx: Tx, pairs: AssignedPair[], state: ImportState, now: Date) {
  const seen = new Set<string>()
  const items = []
  for (const { userId, packageId } of pairs) {
    const key = `${userId}:${packageId}`
    if (seen.has(key)) continue
    seen.add(key)
    const title = state.packages.byId.get(packageId) ?? `Package ${packageId}`
    items.push({
      userId,
      kind: 'assigned' as const,
      title: `New package: ${title}`,
      body: `You have been given "${title}".`,
      link: `/topics/${packageId}`,
    })
  }
  for (let i = 0; i < items.length; i += WRITE_CHUNK) await createNotifications(tx, items.slice(i, i + WRITE_CHUNK), now)
}
