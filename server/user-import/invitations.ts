import { eq } from 'drizzle-orm'
import type { FreshSession } from '../../contract/auth.ts'
import type { AppDeps } from '../deps.ts'
import type { Db } from '../db/client.ts'
import { users } from '../db/schema.ts'
import { consumeEmailToken, issueEmailTokens } from '../auth/email-tokens.ts'
import { hashPassword } from '../auth/passwords.ts'
import { forgottenIfBusy } from '../auth/kdf-pool.ts'
import { forEachSlice } from '../db/bulk.ts'
import { nextSessionVersion, signSession } from '../auth/sessions.ts'
import { throttle } from '../auth/throttle.ts'
import { badRequest, conflict } from '../http/errors.ts'
import { invitationMail } from '../mail/templates.ts'
import type { MailMessage } from '../mail/mailer.ts'
import { getUserWithPackages } from '../user/service.ts'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export const INVITATION_LINK_INVALID =
  'This invitation link is invalid, already used or expired. If you have set your password, sign in; otherwise ask for a new link with "Forgot your password?".'
export const INVITATION_ALREADY_ACCEPTED =
  'This account already has a password. Sign in with it, or ask for a new one with "Forgot your password?".'

/** Mails sent at once while invitations go out. */
const MAIL_CONCURRENCY = 5
/** Invitation links one client address may try in an hour without success. */
const ACCEPT_LIMIT = { bucket: 'accept-invitation', limit: 20, windowMs: 3_600_000 }

/**
 * Invitation links (valid 7 days, single use; only their hashes are stored) for these accounts, in the caller's
 * transaction, as the mails to send once it commits. Earlier links of the same accounts stop working.
 */
export async function prepareInvitations(
  tx: Tx,
  deps: Pick<AppDeps, 'config'>,
  accounts: readonly { id: number; email: string; name: string }[],
  now: Date,
): Promise<MailMessage[]> {
  const tokens = new Map<number, string>()
  await forEachSlice(accounts, async (slice) => {
    for (const [id, token] of await issueEmailTokens(
      tx,
      slice.map((account) => account.id),
      'invite',
      now,
    ))
      tokens.set(id, token)
  })
  return accounts.map((account) =>
    invitationMail(account.email, account.name, `${deps.config.appUrl}/accept-invite?token=${encodeURIComponent(tokens.get(account.id)!)}`),
  )
}

/** Sends the invitations, a few at a time; a failed mail is logged and does not stop the others. */
export async function sendInvitations(deps: Pick<AppDeps, 'mailer'>, mails: readonly MailMessage[]) {
  for (let i = 0; i < mails.length; i += MAIL_CONCURRENCY) {
    const sent = await Promise.allSettled(mails.slice(i, i + MAIL_CONCURRENCY).map((mail) => deps.mailer.send(mail)))
    sent.forEach((outcome, j) => {
      if (outcome.status === 'rejected')
        console.error(
          JSON.stringify({ level: 'error', msg: 'invitation mail failed', to: mails[i + j]!.to, error: String(outcome.reason) }),
        )
    })
  }
}

/**
 * Accepts an invitation: sets the account's first password and verifies its e-mail (the link came to it), then
 * answers a session. The link works once. Tries from one address are throttled; a successful one is not counted.
 */
export async function acceptInvitation(deps: AppDeps, token: string, password: string, clientAddress: string): Promise<FreshSession> {
  deps.kdf.assertCapacity()
  const attempt = await throttle(deps.db, ACCEPT_LIMIT.bucket, [{ key: `ip:${clientAddress}`, limit: ACCEPT_LIMIT.limit }], {
    windowMs: ACCEPT_LIMIT.windowMs,
    now: deps.clock(),
    message: 'Too many invitation links were tried from your address. Try again later.',
  })
  const passwordHash = await forgottenIfBusy(hashPassword(password, deps.passwordCost, deps.kdf.derive), attempt.release)
  const row = await deps.db.transaction(async (tx) => {
    const now = deps.clock()
    const userId = await consumeEmailToken(tx, token, 'invite', now)
    if (!userId) throw badRequest(INVITATION_LINK_INVALID)
    const [account] = await tx.select().from(users).where(eq(users.id, userId)).for('update')
    if (account!.passwordHash) throw conflict(INVITATION_ALREADY_ACCEPTED)
    const [updated] = await tx
      .update(users)
      .set({ passwordHash, emailVerified: true, sessionVersion: nextSessionVersion(), updatedAt: now })
      .where(eq(users.id, userId))
      .returning()
    return updated!
  })
  await attempt.release()
  return { token: await signSession(deps.tokens, row), user: await getUserWithPackages(deps.db, row.id, deps.clock()) }
}
