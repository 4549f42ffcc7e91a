import { Hono } from 'hono'
import { z } from 'zod'
import { id, pageQuery } from '../../contract/content.ts'
import { assignPackagesInput, emailQuery, forgotPasswordInput, passwordChangeInput, profileInput, resetPasswordInput, roleInput, tokenQuery, userIdQuery } from '../../contract/users.ts'
import type { AppDeps, AppEnv, AuthUser } from '../deps.ts'
import type { Guards } from '../auth/guards.ts'
import { clientAddress } from '../auth/client-address.ts'
import { endAllSessions } from '../auth/sessions.ts'
import { forbidden } from '../http/errors.ts'
import { ok } from '../http/envelope.ts'
import { validate } from '../http/validate.ts'
import { mediaSigner } from '../files/signing.ts'
import { changePassword, requestPasswordReset, resendVerification, resetPassword, verifyEmail } from './account.ts'
import {
  assignPackages,
  changeRole,
  getCurrentUser,
  getUserWithPackageTrees,
  getUserWithPackages,
  listUsers,
  pageUsers,
  unassignPackage,
  updateProfile,
} from './service.ts'

const userParam = z.object({ id })
const userPackageParam = z.object({ id, packageId: id })

/** Admins may read anyone; others only themselves. */
function assertSelfOrAdmin(user: AuthUser, userId: number) {
  if (user.role !== 'admin' && user.id !== userId) throw forbidden('You can only see your own account')
}

export function userRoutes(deps: AppDeps, { requireUser, requireAdmin }: Guards) {
  const { db } = deps
  return (
    new Hono<AppEnv>()
      // Signed-in user: their own account.
      .get('/getUserByEmail', requireUser, async (c) => ok(c, await getCurrentUser(db, c.var.user.id), 'Current User'))
      .put('/profile', requireUser, validate('json', profileInput), async (c) => ok(c, await updateProfile(db, c.var.user.id, c.req.valid('json')), 'Profile updated'))
      .put('/password', requireUser, validate('json', passwordChangeInput), async (c) => {
        return ok(c, await changePassword(deps, c.var.user.id, c.req.valid('json')), 'Password changed')
      })
      .post('/sessions/revoke', requireUser, async (c) => {
        await endAllSessions(db, c.var.user.id, deps.clock())
        return ok(c, null, 'Signed out everywhere')
      })
      .get('/getUserById', requireUser, validate('query', userIdQuery), async (c) => {
        const { id: userId } = c.req.valid('query')
        assertSelfOrAdmin(c.var.user, userId)
        return ok(c, await getUserWithPackages(db, userId), 'User Found')
      })
      .get('/getUserWithPackages', requireUser, validate('query', userIdQuery), async (c) => {
        const { id: userId } = c.req.valid('query')
        assertSelfOrAdmin(c.var.user, userId)
        return ok(c, await getUserWithPackageTrees(db, userId, mediaSigner(deps)()), 'User and Assigned Packages Found')
      })
      // Anonymous: mail links.
      .get('/verify', validate('query', tokenQuery), async (c) => {
        await verifyEmail(deps, c.req.valid('query').token)
        return ok(c, null, 'Email verified successfully!')
      })
      .post('/resend-verification', validate('query', emailQuery), async (c) => {
        return ok(c, null, await resendVerification(deps, c.req.valid('query').email, clientAddress(c, deps.config.trustProxy)))
      })
      .post('/forgot-password', validate('json', forgotPasswordInput), async (c) => {
        return ok(c, null, await requestPasswordReset(deps, c.req.valid('json').email, clientAddress(c, deps.config.trustProxy)))
      })
      .post('/reset-password', validate('json', resetPasswordInput), async (c) => {
        const { token, password } = c.req.valid('json')
        await resetPassword(deps, token, password)
        return ok(c, null, 'Your password has been changed. You can sign in now.')
      })
      // Admins: everyone.
      .get('/getPaginatedUsers', requireAdmin, validate('query', pageQuery), async (c) => {
        const { page, size } = c.req.valid('query')
        return ok(c, await pageUsers(db, page, size), 'Paginated List of Users')
      })
      .get('/all', requireAdmin, async (c) => ok(c, await listUsers(db), 'All users retrieved'))
      .put('/:id/assign-packages', requireAdmin, validate('param', userParam), validate('json', assignPackagesInput), async (c) => {
        return ok(c, await assignPackages(db, c.req.valid('param').id, c.req.valid('json').packageIds), 'Packages assigned successfully')
      })
      .delete('/:id/packages/:packageId', requireAdmin, validate('param', userPackageParam), async (c) => {
        const { id: userId, packageId } = c.req.valid('param')
        return ok(c, await unassignPackage(db, userId, packageId), 'Package unassigned')
      })
      .put('/:id/role', requireAdmin, validate('param', userParam), validate('json', roleInput), async (c) => {
        return ok(c, await changeRole(db, c.req.valid('param').id, c.req.valid('json').role, c.var.user.id), 'Role updated')
      })
  )
}
