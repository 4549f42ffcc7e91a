import { Hono } from 'hono'
import { z } from 'zod'
import { id, pageQuery } from '../../contract/content.ts'
import {
  assignPackagesInput,
  emailQuery,
  forgotPasswordInput,
  passwordChangeInput,
  profileInput,
  resetPasswordInput,
  roleInput,
  tokenQuery,
  userIdQuery,
} from '../../contract/users.ts'
import type { AppDeps, AppEnv } from '../deps.ts'
import type { Guards } from '../auth/guards.ts'
import { clientAddress } from '../auth/client-address.ts'
import { endAllSessions } from '../auth/sessions.ts'
import { ok } from '../http/envelope.ts'
import { validate } from '../http/validate.ts'
import { mediaSigner } from '../files/signing.ts'
import { changePassword, requestPasswordReset, resendVerification, resetPassword, verifyEmail } from './account-service.ts'
import {
  assignPackages,
  changeRole,
  getUserWithPackageTrees,
  getVisibleUser,
  listUsers,
  pageUsers,
  setDirectAssignment,
  unassignPackage,
  updateProfile,
} from './service.ts'
import { dueSettingsInput } from '../../contract/assignments.ts'
import { freshSessionSchema, userSchema, userWithPackageTreesSchema } from '../../contract/auth.ts'
import { page } from '../../contract/envelope.ts'
import { apiDoc } from '../openapi/api-doc.ts'
import { notModified, setValidator, stillFresh } from '../http/revalidate.ts'
import type { User } from '../../contract/auth.ts'
import { homeAnswer } from './home-cache.ts'

const userParam = z.object({ id })
const userPackageParam = z.object({ id, packageId: id })
type CurrentUserAnswer = ReturnType<typeof ok<User>>

export function userRoutes(deps: AppDeps, { requireUser, requireAdmin }: Guards) {
  const { db, clock } = deps
  return (
    new Hono<AppEnv>()
      // Signed-in user: their own account.
      .get('/getUserByEmail', apiDoc({ summary: 'The signed-in user', response: userSchema }), requireUser, async (c) => {
        const answer = await homeAnswer(db, c.var.user.id, clock(), c.req.path)
        if (stillFresh(c, answer.tag)) return notModified(answer.tag) as unknown as CurrentUserAnswer
        setValidator(c, answer.tag)
        if (answer.kept) return (await answer.kept.send(c)) as unknown as CurrentUserAnswer
        return ok(c, answer.user, 'Current User')
      })
      .put(
        '/profile',
        apiDoc({ summary: 'Update your own profile', response: userSchema }),
        requireUser,
        validate('json', profileInput),
        async (c) => ok(c, await updateProfile(db, c.var.user.id, c.req.valid('json'), clock()), 'Profile updated'),
      )
      .put(
        '/password',
        apiDoc({
          summary: 'Change your own password (the current one is required when the account has one); answers a fresh session',
          response: freshSessionSchema,
        }),
        requireUser,
        validate('json', passwordChangeInput),
        async (c) => {
          return ok(c, await changePassword(deps, c.var.user.id, c.req.valid('json')), 'Password changed')
        },
      )
      .post(
        '/sessions/revoke',
        apiDoc({ summary: 'Sign out everywhere: end every session of your account', response: null }),
        requireUser,
        async (c) => {
          await endAllSessions(db, c.var.user.id, deps.clock())
          return ok(c, null, 'Signed out everywhere')
        },
      )
      .get(
        '/getUserById',
        apiDoc({ summary: 'A user with their assigned packages (yourself, or anyone for admins)', response: userSchema }),
        requireUser,
        validate('query', userIdQuery),
        async (c) => ok(c, await getVisibleUser(db, c.var.user, c.req.valid('query').id, clock()), 'User Found'),
      )
      .get(
        '/getUserWithPackages',
        apiDoc({
          summary: 'A user with the whole trees of their assigned packages (yourself, or anyone for admins)',
          response: userWithPackageTreesSchema,
        }),
        requireUser,
        validate('query', userIdQuery),
        async (c) => {
          return ok(
            c,
            await getUserWithPackageTrees(db, c.var.user, c.req.valid('query').id, mediaSigner(deps)(), clock()),
            'User and Assigned Packages Found',
          )
        },
      )
      // Anonymous: mail links.
      .get(
        '/verify',
        apiDoc({ summary: 'Verify an e-mail address with the token from the mail', response: null }),
        validate('query', tokenQuery),
        async (c) => {
          await verifyEmail(deps, c.req.valid('query').token)
          return ok(c, null, 'Email verified successfully!')
        },
      )
      .post(
        '/resend-verification',
        apiDoc({
          summary: 'Send the verification mail again (the answer does not say whether the address has an account)',
          response: null,
        }),
        validate('query', emailQuery),
        async (c) => {
          return ok(c, null, await resendVerification(deps, c.req.valid('query').email, clientAddress(c, deps.config)))
        },
      )
      .post(
        '/forgot-password',
        apiDoc({ summary: 'Mail a password reset link (the answer does not say whether the address has an account)', response: null }),
        validate('json', forgotPasswordInput),
        async (c) => {
          return ok(c, null, await requestPasswordReset(deps, c.req.valid('json').email, clientAddress(c, deps.config)))
        },
      )
      .post(
        '/reset-password',
        apiDoc({ summary: 'Set a new password with the token from the reset mail', response: null }),
        validate('json', resetPasswordInput),
        async (c) => {
          const { token, password } = c.req.valid('json')
          await resetPassword(deps, token, password)
          return ok(c, null, 'Your password has been changed. You can sign in now.')
        },
      )
      // Admins: everyone.
      .get(
        '/getPaginatedUsers',
        apiDoc({ summary: 'A page of users', response: page(userSchema) }),
        requireAdmin,
        validate('query', pageQuery),
        async (c) => {
          const { page, size } = c.req.valid('query')
          return ok(c, await pageUsers(db, page, size, clock()), 'Paginated List of Users')
        },
      )
      .get('/all', apiDoc({ summary: 'Every user', response: z.array(userSchema) }), requireAdmin, async (c) =>
        ok(c, await listUsers(db, clock()), 'All users retrieved'),
      )
      .put(
        '/:id/assign-packages',
        apiDoc({ summary: 'Assign packages to a user (mails the learner)', response: userSchema }),
        requireAdmin,
        validate('param', userParam),
        validate('json', assignPackagesInput),
        async (c) => {
          return ok(
            c,
            await assignPackages(db, c.req.valid('param').id, c.req.valid('json').packageIds, clock()),
            'Packages assigned successfully',
          )
        },
      )
      .put(
        '/:id/packages/:packageId',
        apiDoc({
          summary: 'Assign a package to a user directly with its due settings (creates the assignment, or replaces its settings)',
          response: userSchema,
        }),
        requireAdmin,
        validate('param', userPackageParam),
        validate('json', dueSettingsInput),
        async (c) => {
          const { id: userId, packageId } = c.req.valid('param')
          return ok(c, await setDirectAssignment(db, userId, packageId, c.req.valid('json'), clock()), 'Assignment saved')
        },
      )
      .delete(
        '/:id/packages/:packageId',
        apiDoc({
          summary: 'Unassign a package from a user (a package a group also gives stays, through the group only)',
          response: userSchema,
        }),
        requireAdmin,
        validate('param', userPackageParam),
        async (c) => {
          const { id: userId, packageId } = c.req.valid('param')
          return ok(c, await unassignPackage(db, userId, packageId, clock()), 'Package unassigned')
        },
      )
      .put(
        '/:id/role',
        apiDoc({ summary: "Change a user's role", response: userSchema }),
        requireAdmin,
        validate('param', userParam),
        validate('json', roleInput),
        async (c) => {
          return ok(c, await changeRole(db, c.req.valid('param').id, c.req.valid('json').role, c.var.user.id, clock()), 'Role updated')
        },
      )
  )
}
