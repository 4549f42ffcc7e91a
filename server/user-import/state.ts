import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { intArray, textArray } from '../db/bulk.ts'
import { emailTokens, groupMembers, groups, packages, userPackages, users } from '../db/schema.ts'
import type { ImportState } from './plan.ts'
import { nameKey } from './row-rules.ts'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/**
 * What the import's plan needs of the database for these e-mails, read inside the import's transaction. The
 * administrators' rows are locked, so two imports (or an import and a role change) cannot both take away the
 * last administrator.
 */
export async function loadImportState(tx: Tx, emails: string[], now: Date): Promise<ImportState> {
  const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).orderBy(asc(users.id)).for('update')
  const accountRows = await tx
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      passwordHash: users.passwordHash,
      emailVerified: users.emailVerified,
    })
    .from(users)
    .where(sql`${users.email} = any(${textArray(emails)})`)
  const ids = accountRows.map((row) => row.id)
  const pendingIds = accountRows.filter((row) => row.passwordHash === null && !row.emailVerified).map((row) => row.id)
  const liveInvitations = new Set(
    (
      await tx
        .selectDistinct({ userId: emailTokens.userId })
        .from(emailTokens)
        .where(
          and(
            sql`${emailTokens.userId} = any(${intArray(pendingIds)})`,
            eq(emailTokens.purpose, 'invite'),
            isNull(emailTokens.usedAt),
            gt(emailTokens.expiresAt, now),
          ),
        )
    ).map((row) => row.userId),
  )
  const membershipRows = await tx
    .select({ groupId: groupMembers.groupId, userId: groupMembers.userId })
    .from(groupMembers)
    .where(sql`${groupMembers.userId} = any(${intArray(ids)})`)
  const assignmentRows = await tx
    .select({ userId: userPackages.userId, packageId: userPackages.packageId, direct: userPackages.direct })
    .from(userPackages)
    .where(sql`${userPackages.userId} = any(${intArray(ids)})`)
  const packageRows = await tx.select({ id: packages.id, title: packages.title }).from(packages).orderBy(asc(packages.id))
  const groupRows = await tx.select({ id: groups.id, name: groups.name }).from(groups).orderBy(asc(groups.id))

  const byTitle = new Map<string, number[]>()
  for (const { id, title } of packageRows) byTitle.set(nameKey(title), [...(byTitle.get(nameKey(title)) ?? []), id])
  const groupsByKey = new Map<string, { id: number; name: string }>()
  for (const group of groupRows) if (!groupsByKey.has(nameKey(group.name))) groupsByKey.set(nameKey(group.name), group)

  return {
    accounts: new Map(
      accountRows.map((row) => [
        row.email,
        {
          id: row.id,
          name: row.name,
          role: row.role,
          invitationPending: row.passwordHash === null && !row.emailVerified,
          liveInvitation: liveInvitations.has(row.id),
        },
      ]),
    ),
    groups: groupsByKey,
    memberships: new Set(membershipRows.map((row) => `${row.groupId}:${row.userId}`)),
    assignments: new Map(assignmentRows.map((row) => [`${row.userId}:${row.packageId}`, { direct: row.direct }])),
    packages: { byId: new Map(packageRows.map((row) => [row.id, row.title])), byTitle },
    adminCount: admins.length,
  }
}
