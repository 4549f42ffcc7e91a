/**
 * Invitations: a new account from the import gets a single-use link, valid 7 days, to set its first password;
 * accepting it verifies the e-mail and signs the person in. A re-import sends at most one fresh invitation, and
 * only once the last one can no longer be used.
 */
import { eq } from 'drizzle-orm'
import type { FreshSession } from '../../contract/auth.ts'
import { emailTokens, users } from '../db/schema.ts'
import { setupTestContext } from '../test/harness.ts'
import { HEADER, asCsv, importFile, invitationToken } from '../test/user-import.ts'
import { INVITATION_ALREADY_ACCEPTED, INVITATION_LINK_INVALID } from './invitations.ts'

const ctx = setupTestContext({ AUTH_REQUIRE_VERIFIED_EMAIL: 'true' })
const DAY = 24 * 3_600_000
let adminId: number

beforeEach(async () => {
  adminId = (await ctx.createUser({ role: 'admin' })).user.id
})

const FILE = asCsv([HEADER, ['ines@example.com', 'Ines', '', '', '']])
const later = (ms: number) => {
  ctx.now = new Date(ctx.now.getTime() + ms)
}
const accept = (token: string, password = 'a-good-passphrase', headers: Record<string, string> = {}) =>
  ctx.request<FreshSession>('POST', '/api/user/accept-invitation', { body: { token, password }, headers })
const signIn = (password: string) => ctx.request('POST', '/api/oauth2/loginUser', { body: { email: 'ines@example.com', password } })
const ines = async () => (await ctx.deps.db.select().from(users).where(eq(users.email, 'ines@example.com')))[0]!

/** Imports FILE as the admin, signed in at the clock's time (sessions last 12 hours; these tests move days). */
const importAgain = async (query = '') => importFile(ctx, await ctx.deps.tokens.sign({ userId: adminId, role: 'admin' }), FILE, query)

async function invite(): Promise<string> {
  const res = await importAgain()
  expect(res.body.data).toMatchObject({ created: 1, invited: 1 })
  return invitationToken(ctx.outbox.at(-1)!)
}

describe('POST /api/user/accept-invitation', () => {
  it('sets the first password, verifies the e-mail and answers a session; the password then signs in', async () => {
    const token = await invite()
    expect(await ines()).toMatchObject({ passwordHash: null, emailVerified: false })
    // Only the token's hash is stored; the mail carries no password.
    const [stored] = await ctx.deps.db
      .select()
      .from(emailTokens)
      .where(eq(emailTokens.userId, (await ines()).id))
    expect(stored!.tokenHash).not.toContain(token)
    expect(stored!.purpose).toBe('invite')
    expect(ctx.outbox.at(-1)!.text).not.toMatch(/password:/i)

    const res = await accept(token)
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Your password is set and your e-mail address is verified.')
    expect(res.body.data!.user).toMatchObject({ email: 'ines@example.com', emailVerified: true, role: 'USER' })
    expect((await ctx.request('GET', '/api/user/getUserByEmail', { token: res.body.data!.token })).status).toBe(200)
    expect((await signIn('a-good-passphrase')).status).toBe(200)
  })

  it('works once: the same link again → 400 saying what to do', async () => {
    const token = await invite()
    expect((await accept(token)).status).toBe(200)
    const again = await accept(token, 'another-passphrase')
    expect(again.status).toBe(400)
    expect(again.body.message).toBe(INVITATION_LINK_INVALID)
    expect((await signIn('another-passphrase')).status).toBe(401)
  })

  it('expires after 7 days (injected clock); an unknown token is refused the same way', async () => {
    const token = await invite()
    later(7 * DAY - 60_000)
    const second = await importAgain()
    expect(second.body.data).toMatchObject({ unchanged: 1, invited: 0 })
    later(2 * 60_000)
    const expired = await accept(token)
    expect(expired.status).toBe(400)
    expect(expired.body.message).toBe(INVITATION_LINK_INVALID)
    expect(await ines()).toMatchObject({ passwordHash: null, emailVerified: false })
    expect((await accept('no-such-token')).status).toBe(400)
  })

  it('a password the rules refuse → 400 naming it, and the link still works', async () => {
    const token = await invite()
    const weak = await accept(token, 'short')
    expect(weak.status).toBe(400)
    expect(weak.body.errorDetails).toEqual({ password: 'Password must be at least 8 characters' })
    expect((await accept(token)).status).toBe(200)
  })

  it('an account that already set a password another way (a reset link) → 409, the password stays', async () => {
    const token = await invite()
    await ctx.request('POST', '/api/user/forgot-password', { body: { email: 'ines@example.com' } })
    const reset = /token=(\S+)/.exec(ctx.outbox.at(-1)!.text)![1]!
    const set = await ctx.request('POST', '/api/user/reset-password', {
      body: { token: decodeURIComponent(reset), password: 'reset-passphrase' },
    })
    expect(set.status).toBe(200)
    const res = await accept(token)
    expect(res.status).toBe(409)
    expect(res.body.message).toBe(INVITATION_ALREADY_ACCEPTED)
    expect((await signIn('reset-passphrase')).status).toBe(200)
  })

  it('is throttled per address: 20 failed tries an hour, then 429 with Retry-After; a success is not counted', async () => {
    const token = await invite()
    const from = { 'x-forwarded-for': '203.0.113.9' }
    for (let i = 0; i < 19; i++) expect((await accept(`wrong-${i}`, 'a-good-passphrase', from)).status).toBe(400)
    expect((await accept(token, 'a-good-passphrase', from)).status).toBe(200)
    expect((await accept('wrong-19', 'a-good-passphrase', from)).status).toBe(400)
    const throttled = await accept('wrong-20', 'a-good-passphrase', from)
    expect(throttled.status).toBe(429)
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await accept('wrong-21', 'a-good-passphrase', { 'x-forwarded-for': '203.0.113.10' })).status).toBe(400)
  })
})

describe('re-importing someone who has not accepted yet', () => {
  it('sends nothing while the link is valid; once it has expired, one fresh link (the old one stays dead)', async () => {
    const first = await invite()
    expect((await importAgain()).body.data).toMatchObject({ unchanged: 1, invited: 0 })
    expect(ctx.outbox).toHaveLength(1)

    later(7 * DAY + 1000)
    const dry = await importAgain('?dryRun=true')
    expect(dry.body.data).toMatchObject({ unchanged: 1, invited: 1 })
    expect(ctx.outbox).toHaveLength(1)
    const real = await importAgain()
    expect(real.body.data).toEqual(dry.body.data)
    expect(ctx.outbox).toHaveLength(2)
    const fresh = invitationToken(ctx.outbox.at(-1)!)
    expect(fresh).not.toBe(first)
    expect((await importAgain()).body.data).toMatchObject({ invited: 0 })

    expect((await accept(first)).status).toBe(400)
    expect((await accept(fresh)).status).toBe(200)
    // Accepted: never invited again, however old the link.
    later(30 * DAY)
    expect((await importAgain()).body.data).toMatchObject({ unchanged: 1, invited: 0 })
  })

  it('an account that signs in another way (not invited by the import) is never invited', async () => {
    await ctx.createUser({ email: 'ines@example.com', name: 'Ines' })
    expect((await importAgain()).body.data).toMatchObject({ unchanged: 1, invited: 0 })
    expect(ctx.outbox).toEqual([])
  })
})
