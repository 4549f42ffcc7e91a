import { sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { boolArray, forEachSlice, intArray, mapSlices, textArray, yieldToEventLoop } from '../db/bulk.ts'
import { rowsOf } from '../db/raw-rows.ts'
import { conflict } from '../http/errors.ts'
import type { AssignedPair } from '../assignments/sync.ts'
import { onNewAssignments } from '../assignments/new-assignments.ts'
import { addGroupMembers } from '../groups/service.ts'
import { findOrCreateGroupsByName } from './group-names.ts'
import type { ImportPlan, ImportState } from './plan.ts'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** An account the import made, by e-mail: the invitations need its id and name. */
export interface ImportedAccount {
  id: number
  email: string
  name: string
}

/**
 * Writes a plan in the caller's transaction: new accounts (no password: they are invited), changed names and
 * roles, new groups, group memberships (which bring the groups' packages), direct assignments, and an 'assigned'
 * notification for each package a learner did not have. Each step writes its rows in a few bulk statements (one
 * per slice of rows, one per group), with a turn of the event loop between them. Answers the new accounts.
 */
export async function applyPlan(tx: Tx, plan: ImportPlan, state: ImportState, now: Date): Promise<ImportedAccount[]> {
  const created = await createAccounts(tx, plan, now)
  const idOf = new Map<string, number>(created.map((account) => [account.email, account.id]))
  for (const [email, account] of state.accounts) idOf.set(email, account.id)
  await changeAccounts(tx, plan, now)
  const newGroupIds = await findOrCreateGroupsByName(tx, plan.newGroups)
  // Group membership announces the packages it gives (the groups module's one path for new assignments).
  const given: AssignedPair[] = []
  for (const [key, emails] of plan.joins) {
    await yieldToEventLoop()
    const groupId = state.groups.get(key)?.id ?? newGroupIds.get(key)!
    given.push(...(await addGroupMembers(tx, groupId, [...new Set(emails.map((email) => idOf.get(email)!))], now)))
  }
  const givenByGroup = new Set(given.map((pair) => `${pair.userId}:${pair.packageId}`))

  const direct = plan.directPackages.map(({ email, packageId }) => ({ userId: idOf.get(email)!, packageId }))
  await assignDirectly(tx, direct, now)
  const hadBefore = (pair: AssignedPair) => state.assignments.has(`${pair.userId}:${pair.packageId}`)
  const newDirect = direct.filter((pair) => !hadBefore(pair) && !givenByGroup.has(`${pair.userId}:${pair.packageId}`))
  await forEachSlice(newDirect, (slice) => onNewAssignments(tx, slice, now))
  return created
}

async function createAccounts(tx: Tx, plan: ImportPlan, now: Date): Promise<ImportedAccount[]> {
  const at = sql`${now.toISOString()}::timestamptz`
  const created = await mapSlices(plan.created, async (slice) =>
    rowsOf<ImportedAccount>(
      await tx.execute(sql`
        insert into users (email, name, role, password_hash, email_verified, created_at, updated_at)
        select v.email, v.name, v.role, null, false, ${at}, ${at}
        from unnest(
          ${textArray(slice.map((account) => account.email))},
          ${textArray(slice.map((account) => account.name))},
          ${textArray(slice.map((account) => account.role))}
        ) as v(email, name, role)
        on conflict (email) do nothing
        returning id, email, name`),
    ).map((row) => ({ ...row, id: Number(row.id) })),
  )
  if (created.length !== plan.created.length) {
    const made = new Set(created.map((account) => account.email))
    const taken = plan.created.find((account) => !made.has(account.email))!.email
    throw conflict(`An account for ${taken} was created while the file was being imported. Import the file again.`)
  }
  return created
}

/** New names and roles; a role change ends that account's sessions where the plan says so. */
async function changeAccounts(tx: Tx, plan: ImportPlan, now: Date) {
  await forEachSlice(plan.changes, async (slice) => {
    await tx.execute(sql`
    update users u
    set name = v.name,
        role = v.role,
        session_version = case when v.ends_sessions then u.session_version + 1 else u.session_version end,
        updated_at = ${now.toISOString()}::timestamptz
    from unnest(
      ${intArray(slice.map((change) => change.userId))},
      ${textArray(slice.map((change) => change.name))},
      ${textArray(slice.map((change) => change.role))},
      ${boolArray(slice.map((change) => change.endsSessions))}
    ) as v(id, name, role, ends_sessions)
    where u.id = v.id`)
  })
}

/**
 * Direct assignments: a pair a group already gives becomes direct too (so it stays when the learner leaves the
 * group); a direct pair stays as it is. Open access requests for these packages are answered, as an admin's
 * assignment answers them.
 */
async function assignDirectly(tx: Tx, pairs: AssignedPair[], now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`
  await forEachSlice(pairs, async (slice) => {
    const users = intArray(slice.map((pair) => pair.userId))
    const packages = intArray(slice.map((pair) => pair.packageId))
    await tx.execute(sql`
      insert into user_packages (user_id, package_id, assigned_at, direct)
      select v.user_id, v.package_id, ${at}, true from unnest(${users}, ${packages}) as v(user_id, package_id)
      on conflict (user_id, package_id) do update set direct = true`)
    await tx.execute(sql`
      update access_requests ar set status = 'assigned', resolved_at = ${at}
      from unnest(${users}, ${packages}) as v(user_id, package_id)
      where ar.status = 'open' and ar.user_id = v.user_id and ar.package_id = v.package_id`)
  })
}
