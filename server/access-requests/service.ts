import { and, asc, count, eq, gt } from 'drizzle-orm'
import type { AccessRequest } from '../../contract/access-requests.ts'
import type { Db } from '../db/client.ts'
import { accessRequests, packages, userPackages, users } from '../db/schema.ts'
import type { AppDeps, AuthUser } from '../deps.ts'
import { AppError, conflict, notFound } from '../http/errors.ts'
import { accessRequestedMail } from '../mail/templates.ts'
import { assignPackages } from '../user/service.ts'

/** Requests one learner may make in an hour (each package at most once while open). */
export const ACCESS_REQUESTS_PER_HOUR = 10
const HOUR = 3_600_000

/**
 * Records that a learner asks for a package, once: asking again while the request is open answers the same request
 * (`created: false`). The learner's user row is locked for the transaction, so concurrent requests from every tab
 * and instance count against one hourly limit. The admins are mailed only for a new request.
 */
export async function requestAccess(deps: AppDeps, learner: AuthUser, packageId: number): Promise<{ created: boolean }> {
  const now = deps.clock()
  const outcome = await deps.db.transaction(async (tx) => {
    const [me] = await tx.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, learner.id)).for('update')
    const [pkg] = await tx
      .select({ title: packages.title, assigned: userPackages.userId })
      .from(packages)
      .leftJoin(userPackages, and(eq(userPackages.packageId, packages.id), eq(userPackages.userId, learner.id)))
      .where(eq(packages.id, packageId))
    if (!me || !pkg) throw notFound('Package not found')
    if (pkg.assigned !== null) throw conflict('This package is already assigned to you')

    const [open] = await tx
      .select({ id: accessRequests.id })
      .from(accessRequests)
      .where(and(eq(accessRequests.userId, learner.id), eq(accessRequests.packageId, packageId), eq(accessRequests.status, 'open')))
    if (open) return null

    const [recent] = await tx
      .select({ n: count() })
      .from(accessRequests)
      .where(and(eq(accessRequests.userId, learner.id), gt(accessRequests.createdAt, new Date(now.getTime() - HOUR))))
    if ((recent?.n ?? 0) >= ACCESS_REQUESTS_PER_HOUR)
      throw new AppError(429, `You can request access at most ${ACCESS_REQUESTS_PER_HOUR} times an hour. Try again later.`, {
        headers: { 'Retry-After': '3600' },
      })

    await tx.insert(accessRequests).values({ userId: learner.id, packageId, createdAt: now })
    return { learner: me, packageTitle: pkg.title }
  })
  if (!outcome) return { created: false }
  await mailAdmins(deps, outcome.learner, outcome.packageTitle)
  return { created: true }
}

/** One mail to each admin; a failed mail is logged and does not undo the request, which the admins' list shows anyway. */
async function mailAdmins(deps: AppDeps, learner: { name: string; email: string }, packageTitle: string) {
  const admins = await deps.db.select({ email: users.email }).from(users).where(eq(users.role, 'admin')).orderBy(asc(users.id))
  const link = `${deps.config.appUrl}/admin/package-assigner`
  for (const admin of admins) {
    try {
      await deps.mailer.send(accessRequestedMail(admin.email, learner, packageTitle, link))
    } catch (err) {
      console.error(JSON.stringify({ level: 'error', msg: 'access request mail failed', to: admin.email, error: String(err) }))
    }
  }
}

/** The packages a learner has asked for and not yet been given. */
export async function myOpenRequests(db: Db, learnerId: number): Promise<number[]> {
  const rows = await db
    .select({ packageId: accessRequests.packageId })
    .from(accessRequests)
    .where(and(eq(accessRequests.userId, learnerId), eq(accessRequests.status, 'open')))
    .orderBy(asc(accessRequests.packageId))
  return rows.map((r) => r.packageId)
}

/** Every open request, oldest first (requests whose package was assigned some other way are closed by assignPackages). */
export async function listOpenRequests(db: Db): Promise<AccessRequest[]> {
  const rows = await db
    .select({
      id: accessRequests.id,
      createdAt: accessRequests.createdAt,
      userId: users.id,
      name: users.name,
      email: users.email,
      packageId: packages.id,
      title: packages.title,
    })
    .from(accessRequests)
    .innerJoin(users, eq(users.id, accessRequests.userId))
    .innerJoin(packages, eq(packages.id, accessRequests.packageId))
    .where(eq(accessRequests.status, 'open'))
    .orderBy(asc(accessRequests.createdAt), asc(accessRequests.id))
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    user: { id: r.userId, name: r.name, email: r.email },
    package: { id: r.packageId, title: r.title },
  }))
}

/**
 * Closes an open request: 'assigned' gives the learner the package through the assignment service in the same
 * transaction; 'dismissed' only closes it. A request already closed (by another admin, say) is a 409.
 */
export async function resolveRequest(deps: AppDeps, admin: AuthUser, requestId: number, outcome: 'assigned' | 'dismissed') {
  await deps.db.transaction(async (tx) => {
    const [closed] = await tx
      .update(accessRequests)
      .set({ status: outcome, resolvedAt: deps.clock(), resolvedBy: admin.id })
      .where(and(eq(accessRequests.id, requestId), eq(accessRequests.status, 'open')))
      .returning({ userId: accessRequests.userId, packageId: accessRequests.packageId })
    if (!closed) {
      const [exists] = await tx.select({ id: accessRequests.id }).from(accessRequests).where(eq(accessRequests.id, requestId))
      throw exists ? conflict('This request has already been handled') : notFound('Access request not found')
    }
    if (outcome === 'assigned') await assignPackages(tx, closed.userId, [closed.packageId], deps.clock())
  })
}
