import { eq } from 'drizzle-orm'
import type { LoginResponse, User } from '../../contract/auth.ts'
import type { AppDeps } from '../deps.ts'
import { users, type UserRow } from '../db/schema.ts'
import { hashPassword, verifyPassword } from '../auth/passwords.ts'
import { forgottenIfBusy } from '../auth/kdf-pool.ts'
import { verifyGoogleIdToken, type GoogleProfile } from '../auth/google.ts'
import { nextSessionVersion, signSession } from '../auth/sessions.ts'
import { throttle } from '../auth/throttle.ts'
import { clearLoginFailures, forgetLoginAttempt, reserveLoginAttempt } from '../auth/login-limit.ts'
import { AppError, conflict, forbidden, unauthorized } from '../http/errors.ts'
import { accountTakenOverMail } from '../mail/templates.ts'
import { sendVerificationMail } from '../user/account-service.ts'
import { findUserByEmail, toUser } from '../user/service.ts'
import { isUniqueViolation } from '../db/unique-violation.ts'

export async function registerUser(
  deps: AppDeps,
  input: { name: string; email: string; password: string },
  address: string,
): Promise<User> {
  deps.kdf.assertCapacity()
  const registration = await throttle(deps.db, 'register', [{ key: `ip:${address}`, limit: deps.config.registrationsPerHour }], {
    windowMs: 3_600_000,
    now: deps.clock(),
    message: 'Too many accounts were registered from your address. Try again later.',
  })
  if (await findUserByEmail(deps.db, input.email)) throw conflict('Email is already registered')
  const passwordHash = await forgottenIfBusy(hashPassword(input.password, deps.passwordCost, deps.kdf.derive), registration.release)
  try {
    const [row] = await deps.db.insert(users).values({ name: input.name, email: input.email, passwordHash, role: 'USER' }).returning()
    await sendVerificationMail(deps, row!)
    return toUser(row!)
  } catch (err) {
    // Two registrations racing for one address: the unique index decides.
    if (isUniqueViolation(err)) throw conflict('Email is already registered')
    throw err
  }
}

const INVALID_CREDENTIALS = 'Invalid email or password.'

export async function loginWithPassword(
  deps: AppDeps,
  input: { email: string; password: string },
  address: string,
): Promise<LoginResponse> {
  deps.kdf.assertCapacity()
  const now = deps.clock()
  const attempt = await reserveLoginAttempt(deps.db, input.email, address, now)
  const row = await findUserByEmail(deps.db, input.email)
  // verifyPassword does the same work whether or not the account exists.
  const valid = await forgottenIfBusy(verifyPassword(input.password, row?.passwordHash ?? null, deps.passwordCost, deps.kdf.derive), () =>
    forgetLoginAttempt(deps.db, attempt),
  )
  if (!row || !valid) throw unauthorized(INVALID_CREDENTIALS)
  if (deps.config.requireVerifiedEmail && !row.emailVerified) {
    await forgetLoginAttempt(deps.db, attempt)
    throw forbidden('Please verify your e-mail address before signing in. Use Resend Verification to get a new link.')
  }
  await clearLoginFailures(deps.db, input.email, address)
  return { token: await signSession(deps.tokens, row), user: toUser(row), message: 'Login Success' }
}

const INVALID_GOOGLE_TOKEN = 'Invalid Google token'

export async function loginWithGoogle(deps: AppDeps, idToken: string): Promise<LoginResponse> {
  const { clientId, issuers } = deps.config.google
  if (!clientId) throw new AppError(400, 'Google sign-in is not configured on this server')
  const profile = await verifyGoogleIdToken(idToken, { keys: deps.googleKeys, clientId, issuers, now: deps.clock() })
  if (!profile) throw unauthorized(INVALID_GOOGLE_TOKEN)

  const fields = {
    googleSubject: profile.subject,
    givenName: profile.givenName,
    familyName: profile.familyName,
    pictureUrl: profile.pictureUrl,
    locale: profile.locale,
    emailVerified: true,
    updatedAt: deps.clock(),
  }
  // The Google subject is the stable identity (the e-mail on a Google account can change); then the e-mail.
  const [bySubject] = await deps.db.select().from(users).where(eq(users.googleSubject, profile.subject))
  const existing = bySubject ?? (await findUserByEmail(deps.db, profile.email))
  let row: UserRow | undefined
  if (existing && isUnprovenPassword(existing)) {
    row = await takeOver(deps, existing, profile, fields)
  } else if (existing) {
    if (existing.googleSubject && existing.googleSubject !== profile.subject) throw unauthorized(INVALID_GOOGLE_TOKEN)
    ;[row] = await deps.db
      .update(users)
      .set({ ...fields, name: profile.name ?? existing.name })
      .where(eq(users.id, existing.id))
      .returning()
  } else {
    ;[row] = await deps.db
      .insert(users)
      .values({ ...fields, email: profile.email, name: profile.name ?? profile.email.split('@')[0]!, role: 'USER', passwordHash: null })
      .onConflictDoUpdate({ target: users.email, set: fields })
      .returning()
  }
  return { token: await signSession(deps.tokens, row!), user: toUser(row!), message: 'Login successful' }
}

/**
 * A password nobody proved to own the address with: anyone can register someone else's address. Linking such
 * an account to its Google owner would keep the stranger's password working.
 */
const isUnprovenPassword = (row: UserRow) => !row.emailVerified && row.passwordHash !== null && row.googleSubject === null

/**
 * The Google owner of the address takes the account over: the unproven password is removed, every session of
 * the account ends, and the owner is told by mail.
 */
async function takeOver(deps: AppDeps, existing: UserRow, profile: GoogleProfile, fields: Partial<UserRow>): Promise<UserRow> {
  const [row] = await deps.db
    .update(users)
    .set({ ...fields, name: profile.name ?? existing.name, passwordHash: null, sessionVersion: nextSessionVersion() })
    .where(eq(users.id, existing.id))
    .returning()
  try {
    await deps.mailer.send(accountTakenOverMail(row!.email, row!.name))
  } catch (err) {
    console.error(JSON.stringify({ level: 'error', msg: 'takeover mail failed', error: String(err) }))
  }
  return row!
}
