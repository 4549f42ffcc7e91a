import { and, eq } from 'drizzle-orm'
import type { ScoProgress, ScormLaunch } from '../../contract/scorm.ts'
import type { AppDeps, AuthUser } from '../deps.ts'
import { assertSubTopicsAccess } from '../auth/access.ts'
import { markCompletedInSubTopics } from '../assignments/completion.ts'
import { scormCmi, scormPackages, scormScos, users } from '../db/schema.ts'
import { AppError, forbidden, notFound, unauthorized } from '../http/errors.ts'
import { toScormPackage } from '../content/mappers.ts'
import { initialCmi, readCommit, NOT_ATTEMPTED, type CommitValue } from './cmi.ts'
import { toScoProgress } from './sco-progress.ts'
import type { ScormEdition } from './manifest.ts'
import { RUNTIME_TOKEN_TTL_SECONDS, type RuntimeClaims } from './runtime-token.ts'
import { getVisibleScormPackage } from './service.ts'

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'scormTokens'>

/** The launcher's address on the content origin for a launch token (the token is a path segment: package files resolve under it). */
export const launcherPath = (token: string) => `/scorm/${token}/launch`

/**
 * Opens a SCO for the viewer (a learner assigned its package, or an admin previewing): a launch token for that
 * one user and SCO, and the launcher's URL on the content origin. The session token never leaves the app's origin.
 */
export async function launchSco(deps: Deps, viewer: AuthUser, packageId: number, scoId: number | undefined): Promise<ScormLaunch> {
  const row = await getVisibleScormPackage(deps, viewer, packageId)
  const sco = scoId === undefined ? row.scos[0] : row.scos.find((s) => s.id === scoId)
  if (!sco) throw notFound('SCO not found in this package')
  const token = await deps.scormTokens.sign({ userId: viewer.id, scoId: sco.id, byAdmin: viewer.role === 'admin' })
  const expiresAt = new Date(deps.clock().getTime() + RUNTIME_TOKEN_TTL_SECONDS * 1000).toISOString()
  return {
    url: `${deps.config.scormContent.origin}${launcherPath(token)}`,
    sco: toScormPackage(row).scos.find((s) => s.id === sco.id)!,
    expiresAt,
  }
}

/**
 * The SCO a launch token names, its package's edition and file scope, checked again now: the user still exists,
 * an admin's preview is still an admin's, and a learner still has the package. A bad or expired token is a 401.
 */
export async function runtimeScope(deps: Pick<AppDeps, 'db' | 'scormTokens'>, token: string | undefined) {
  const claims = token ? await deps.scormTokens.verify(token) : null
  if (!claims) throw unauthorized('This SCORM launch has expired or is invalid. Open the package again.')
  const [row] = await deps.db
    .select({ sco: scormScos, edition: scormPackages.edition, subTopicId: scormPackages.subTopicId })
    .from(scormScos)
    .innerJoin(scormPackages, eq(scormPackages.id, scormScos.packageId))
    .where(eq(scormScos.id, claims.scoId))
  if (!row) throw notFound('This SCORM package no longer exists')
  const [user] = await deps.db.select({ id: users.id, role: users.role, name: users.name }).from(users).where(eq(users.id, claims.userId))
  if (!user) throw unauthorized('Your account no longer exists')
  if (claims.byAdmin && user.role !== 'admin') throw forbidden('Administrators only')
  await assertSubTopicsAccess(deps.db, { id: user.id, role: claims.byAdmin ? 'admin' : 'USER' }, [row.subTopicId])
  return { claims, user, sco: row.sco, edition: row.edition as ScormEdition, subTopicId: row.subTopicId }
}

type Scope = Awaited<ReturnType<typeof runtimeScope>>

const cmiOf = (db: AppDeps['db'], claims: RuntimeClaims) =>
  db
    .select()
    .from(scormCmi)
    .where(and(eq(scormCmi.userId, claims.userId), eq(scormCmi.scoId, claims.scoId), eq(scormCmi.byAdmin, claims.byAdmin)))

const scoOf = (sco: Scope['sco']) => ({ id: sco.id, identifier: sco.identifier, title: sco.title, href: sco.href })

/** What the runtime starts with: the learner, and their saved data of this SCO (entry 'resume' after a suspend). */
export async function initialise(deps: Pick<AppDeps, 'db'>, { claims, user, sco, edition }: Scope) {
  const [record] = await cmiOf(deps.db, claims)
  return {
    version: edition === '1.2' ? ('1.2' as const) : ('2004' as const),
    edition,
    sco: scoOf(sco),
    cmi: initialCmi(edition, { id: user.id, name: user.name }, record ?? null),
  }
}

/** Validates a commit against the edition's data model and keeps what the server reads back and counts. */
export async function commit(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  { claims, sco, edition, subTopicId }: Scope,
  elements: Record<string, CommitValue>,
): Promise<ScoProgress> {
  const read = readCommit(edition, elements)
  if ('errors' in read) {
    throw new AppError(
      400,
      `The commit breaks the SCORM ${edition === '1.2' ? '1.2' : '2004'} data model: ${Object.values(read.errors)[0]}`,
      {
        details: read.errors,
      },
    )
  }
  const now = deps.clock()
  const saved = await deps.db.transaction(async (tx) => {
    const initial = { status: edition === '1.2' ? NOT_ATTEMPTED : 'unknown', successStatus: edition === '1.2' ? null : 'unknown' }
    const [row] = await tx
      .insert(scormCmi)
      .values({ userId: claims.userId, scoId: sco.id, byAdmin: claims.byAdmin, ...initial, ...read.set, updatedAt: now })
      .onConflictDoUpdate({ target: [scormCmi.userId, scormCmi.scoId, scormCmi.byAdmin], set: { ...read.set, updatedAt: now } })
      .returning()
    // A learner's commit that finishes the SCO may finish the package (an admin's preview counts for no assignment).
    if (!claims.byAdmin) await markCompletedInSubTopics(tx, claims.userId, [subTopicId], now)
    return row!
  })
  return toScoProgress(sco.id, saved)
}
