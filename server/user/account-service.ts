import { eq } from 'drizzle-orm'
import { FORGOT_ANSWER, RESEND_ANSWER } from '../../contract/users.ts'
import type { AppDeps } from '../deps.ts'
import { users, type UserRow } from '../db/schema.ts'
import { hashPassword, verifyPassword } from '../auth/passwords.ts'
import { forgottenIfBusy } from '../auth/kdf-pool.ts'
import { consumeEmailToken, emailTokenUser, issueEmailToken } from '../auth/email-tokens.ts'
import { mailRequestLimits, throttle } from '../auth/throttle.ts'
import { nextSessionVersion, signSession } from '../auth/sessions.ts'
import type { FreshSession } from '../../contract/auth.ts'
import { badRequest } from '../http/errors.ts'
import { passwordResetMail, verificationMail } from '../mail/templates.ts'
import { findUserByEmail, getUserRow, getUserWithPackages } from './service.ts'

const HOUR = 3_600_000

/** Sends the verification mail; a mail failure is logged and does not undo what the caller did. */
export async function sendVerificationMail(deps: AppDeps, user: UserRow) {
  const token = await issueEmailToken(deps.db, user.id, 'verify', deps.clock())
  const link = `${deps.config.appUrl}/verify-email?token=${encodeURIComponent(token)}`
  try {
    await deps.mailer.send(verificationMail(user.email, user.name, link))
  } catch (err) {
    console.error(JSON.stringify({ level: 'error', msg: 'verification mail failed', to: user.email, error: String(err) }))
  }
}

export async function verifyEmail(deps: AppDeps, token: string) {
  const userId = await consumeEmailToken(deps.db, token, 'verify', deps.clock())
  if (!userId) throw badRequest('This verification link is invalid, already used or expired. Ask for a new one with Resend Verification.')
  await deps.db.update(users).set({ emailVerified: true, updatedAt: deps.clock() }).where(eq(users.id, userId))
}

/** Same answer whether or not the address exists (no account enumeration); throttled as mailRequestLimits says. */
export async function resendVerification(deps: AppDeps, email: string, clientAddress: string): Promise<string> {
  await throttle(deps.db, 'resend-verification', mailRequestLimits(email, clientAddress), {
    windowMs: HOUR,
    now: deps.clock(),
    message: 'Too many verification e-mails were requested. Try again later.',
  })
  const user = await findUserByEmail(deps.db, email)
  if (user && !user.emailVerified) await sendVerificationMail(deps, user)
  return RESEND_ANSWER
}

export async function requestPasswordReset(deps: AppDeps, email: string, clientAddress: string): Promise<string> {
  await throttle(deps.db, 'password-reset', mailRequestLimits(email, clientAddress), {
    windowMs: HOUR,
    now: deps.clock(),
    message: 'Too many password reset e-mails were requested. Try again later.',
  })
  const user = await findUserByEmail(deps.db, email)
  if (user) {
    const token = await issueEmailToken(deps.db, user.id, 'reset', deps.clock())
    const link = `${deps.config.appUrl}/reset-password?token=${encodeURIComponent(token)}`
    try {
      await deps.mailer.send(passwordResetMail(user.email, user.name, link))
    } catch (err) {
      console.error(JSON.stringify({ level: 'error', msg: 'password reset mail failed', to: user.email, error: String(err) }))
    }
  }
  return FORGOT_ANSWER
}

/** Sets a new password from a reset link; following the link also proves the e-mail address. Every session ends. */
export async function resetPassword(deps: AppDeps, token: string, password: string) {
  deps.kdf.assertCapacity()
  const invalid = () => badRequest('This password reset link is invalid, already used or expired. Ask for a new one.')
  if (!(await emailTokenUser(deps.db, token, 'reset', deps.clock()))) throw invalid()
  // Hashed before the link is used up: a refusal for capacity (503) leaves it working for the next try.
  const passwordHash = await hashPassword(password, deps.passwordCost, deps.kdf.derive)
  await deps.db.transaction(async (tx) => {
    const userId = await consumeEmailToken(tx, token, 'reset', deps.clock())
    if (!userId) throw invalid()
    await tx
      .update(users)
      .set({ passwordHash, emailVerified: true, sessionVersion: nextSessionVersion(), updatedAt: deps.clock() })
      .where(eq(users.id, userId))
  })
}

/** Wrong current passwords one account may be sent on PUT /user/password: 5 in 15 minutes, then 429. */
const GUESSES = { bucket: 'current-password', limit: 5, windowMs: 15 * 60_000 }

/** Every guess is counted before it is checked (so concurrent guesses cannot pass the limit); a right one is not kept. */
async function assertCurrentPassword(deps: AppDeps, row: UserRow, currentPassword: string | undefined) {
  if (!currentPassword) throw badRequest('Enter your current password', { currentPassword: 'Current password is required' })
  const guess = await throttle(deps.db, GUESSES.bucket, [{ key: `user:${row.id}`, limit: GUESSES.limit }], {
    windowMs: GUESSES.windowMs,
    now: deps.clock(),
    message: 'Too many wrong current passwords. Try again later.',
  })
  if (!(await forgottenIfBusy(verifyPassword(currentPassword, row.passwordHash, deps.passwordCost, deps.kdf.derive), guess.release))) {
    throw badRequest('The current password is not correct', { currentPassword: 'The current password is not correct' })
  }
  await guess.release()
}

/**
 * Changes the password; the current one is required unless the account has none yet (Google-only accounts).
 * Every other session ends; the caller's goes on with the fresh token this answers.
 */
export async function changePassword(
  deps: AppDeps,
  userId: number,
  input: { currentPassword?: string; newPassword: string },
): Promise<FreshSession> {
  deps.kdf.assertCapacity()
  const row = await getUserRow(deps.db, userId)
  if (row.passwordHash) await assertCurrentPassword(deps, row, input.currentPassword)
  const passwordHash = await hashPassword(input.newPassword, deps.passwordCost, deps.kdf.derive)
  const [updated] = await deps.db
    .update(users)
    .set({ passwordHash, sessionVersion: nextSessionVersion(), updatedAt: deps.clock() })
    .where(eq(users.id, userId))
    .returning()
  return { token: await signSession(deps.tokens, updated!), user: await getUserWithPackages(deps.db, userId, deps.clock()) }
}
