import { eq, sql } from 'drizzle-orm'
import { createMiddleware } from 'hono/factory'
import type { AppDeps, AppEnv } from '../deps.ts'
import { users } from '../db/schema.ts'
import { forbidden, unauthorized } from '../http/errors.ts'
import { SIGNED_OUT_EVERYWHERE } from '../../contract/rules.ts'
import type { Role } from '../../contract/auth.ts'
import { attachDoc } from '../openapi/route-doc.ts'
import { invalidatedCache, withFeedSettled } from '../db/invalidated-cache.ts'
import { bearerToken } from './bearer.ts'

export interface Guards {
  /** A valid bearer token of an existing user; sets c.var.user. */
  requireUser: ReturnType<typeof createMiddleware<AppEnv>>
  /** requireUser, and the user's current role is admin. */
  requireAdmin: ReturnType<typeof createMiddleware<AppEnv>>
}

/** What the guard checks of an account, kept in memory until a trigger says it changed (migration 0019). */
const sessionsOfUsers = invalidatedCache<{ id: number; role: Role; sessionVersion: number; signedOutEverywhereVersion: number }>(
  'user',
  20_000,
)

export function createGuards({ db, tokens }: AppDeps): Guards {
  // Every authenticated call runs it: prepared at first use (named, so PostgreSQL plans it once per connection).
  const prepareUserById = () =>
    db
      .select({
        id: users.id,
        role: users.role,
        sessionVersion: users.sessionVersion,
        signedOutEverywhereVersion: users.signedOutEverywhereVersion,
      })
      .from(users)
      .where(eq(users.id, sql.placeholder('id')))
      .prepare('guard_user_by_id')
  let userById: ReturnType<typeof prepareUserById> | undefined
  const requireUser = createMiddleware<AppEnv>(async (c, next) => {
    const token = bearerToken(c.req.header('authorization'))
    if (!token) throw unauthorized('Sign in to continue')
    const claims = tokens.verify(token)
    if (!claims) throw unauthorized('Your session has expired or is invalid. Sign in again.')
    // The role is the database's, so a role change or a deleted account takes effect at once: from memory while the
    // change feed is live (every instance drops the entry when the row changes), else read.
    const row = await sessionsOfUsers.get(db, claims.userId, async () => {
      userById ??= prepareUserById()
      const [found] = await userById.execute({ id: claims.userId })
      return found
    })
    if (!row) throw unauthorized('Your account no longer exists. Sign in again.')
    // A password change or reset, a role change or 'Sign out everywhere' moved the version on: older tokens end here.
    if (claims.sessionVersion !== row.sessionVersion) {
      // The sign-in screen of another device tells the learner it was their own doing, not an expiry.
      if (claims.sessionVersion < row.signedOutEverywhereVersion)
        throw unauthorized('You signed out on all devices. Sign in again.', SIGNED_OUT_EVERYWHERE)
      throw unauthorized('Your session has ended. Sign in again.')
    }
    c.set('user', { id: row.id, role: row.role })
    // A read's later cache lookups need not wait for the feed again; a write may read a cache after its own commit.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') await withFeedSettled(db, next)
    else await next()
  })

  const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
    await requireUser(c, async () => {
      if (c.var.user.role !== 'admin') throw forbidden('Administrators only')
      await next()
    })
  })

  // The OpenAPI document reads the access level back from the routes.
  return {
    requireUser: attachDoc(requireUser, { kind: 'access', role: 'user' }),
    requireAdmin: attachDoc(requireAdmin, { kind: 'access', role: 'admin' }),
  }
}
