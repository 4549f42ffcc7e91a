import { eq, sql } from 'drizzle-orm'
import { createMiddleware } from 'hono/factory'
import type { AppDeps, AppEnv } from '../deps.ts'
import { users } from '../db/schema.ts'
import { forbidden, unauthorized } from '../http/errors.ts'
import { SIGNED_OUT_EVERYWHERE } from '../../contract/rules.ts'
import { attachDoc } from '../openapi/route-doc.ts'

export interface Guards {
  /** A valid bearer token of an existing user; sets c.var.user. */
  requireUser: ReturnType<typeof createMiddleware<AppEnv>>
  /** requireUser, and the user's current role is admin. */
  requireAdmin: ReturnType<typeof createMiddleware<AppEnv>>
}

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
    const header = c.req.header('authorization') ?? ''
    const match = /^Bearer\s+(\S+)$/i.exec(header)
    if (!match) throw unauthorized('Sign in to continue')
    const claims = await tokens.verify(match[1]!)
    if (!claims) throw unauthorized('Your session has expired or is invalid. Sign in again.')
    // The role is read from the database, so a role change or a deleted account takes effect at once.
    userById ??= prepareUserById()
    const [row] = await userById.execute({ id: claims.userId })
    if (!row) throw unauthorized('Your account no longer exists. Sign in again.')
    // A password change or reset, a role change or 'Sign out everywhere' moved the version on: older tokens end here.
    if (claims.sessionVersion !== row.sessionVersion) {
      // The sign-in screen of another device tells the learner it was their own doing, not an expiry.
      if (claims.sessionVersion < row.signedOutEverywhereVersion)
        throw unauthorized('You signed out on all devices. Sign in again.', SIGNED_OUT_EVERYWHERE)
      throw unauthorized('Your session has ended. Sign in again.')
    }
    c.set('user', { id: row.id, role: row.role })
    await next()
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
