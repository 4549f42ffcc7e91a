import { eq } from 'drizzle-orm'
import type { LoginResponse, User } from '../../contract/auth.ts'
import { FORGOT_ANSWER, RESEND_ANSWER } from '../../contract/users.ts'
import { emailTokens, users } from '../db/schema.ts'
import { setupTestContext } from '../test/harness.ts'

/** The mail links: e-mail verification, resending it, and password reset; and the verified-e-mail login rule. */

const HOUR = 3_600_000
const VERIFIED = 'Email verified successfully!'

const ctx = setupTestContext()

const advance = (ms: number) => {
  ctx.now = new Date(ctx.now.getTime() + ms)
}

const register = (email: string, password = 'secret-pass') =>
  ctx.request<User>('POST', '/api/oauth2/registerUser', { body: { name: 'Ann Lee', email, password } })
const login = (email: string, password: string, c = ctx) =>
  c.request<LoginResponse>('POST', '/api/oauth2/loginUser', { body: { email, password } })
const verify = (token: string) => ctx.request<null>('GET', `/api/user/verify?token=${encodeURIComponent(token)}`)
const resend = (email: string, from = '10.0.0.1') =>
  ctx.request<null>('POST', `/api/user/resend-verification?email=${encodeURIComponent(email)}`, { headers: { 'x-forwarded-for': from } })
const forgot = (email: string, from = '10.0.0.1') =>
  ctx.request<null>('POST', '/api/user/forgot-password', { body: { email }, headers: { 'x-forwarded-for': from } })
const reset = (token: string, password: string) => ctx.request<null>('POST', '/api/user/reset-password', { body: { token, password } })

/** The link in a mail, and the token in it. */
function linkIn(text: string, path: string) {
  const match = new RegExp(`(\\S+${path}\\?token=(\\S+))`).exec(text)
  expect(match, `a ${path} link in:\n${text}`).not.toBeNull()
  return { link: match![1]!, token: decodeURIComponent(match![2]!) }
}

const isVerified = async (email: string) => (await ctx.deps.db.select().from(users).where(eq(users.email, email)))[0]!.emailVerified

describe('e-mail verification', () => {
  it('registration mails a verification link under APP_URL that works once', async () => {
    expect((await register('ann@example.com')).status).toBe(201)
    expect(ctx.outbox).toHaveLength(1)
    const mail = ctx.outbox[0]!
    expect(mail.to).toBe('ann@example.com')
    expect(mail.subject).toMatch(/Verify/)
    const { link, token } = linkIn(mail.text, '/verify-email')
    expect(link.startsWith('http://learnpack.test/verify-email?token=')).toBe(true)
    expect(token.length).toBeGreaterThanOrEqual(40)
    // Only a hash of the token is stored.
    const stored = await ctx.deps.db.select().from(emailTokens)
    expect(stored).toHaveLength(1)
    expect(stored[0]!.tokenHash).not.toContain(token)
    expect(stored[0]!.purpose).toBe('verify')
    expect(await isVerified('ann@example.com')).toBe(false)

    const first = await verify(token)
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ success: true, message: VERIFIED })
    expect(await isVerified('ann@example.com')).toBe(true)
    const me = await login('ann@example.com', 'secret-pass')
    expect(me.body.data!.user.emailVerified).toBe(true)

    const second = await verify(token)
    expect(second.status).toBe(400)
    expect(second.body.success).toBe(false)
    expect(second.body.message).toMatch(/invalid, already used or expired/)
  })

  it('two clicks on the link at once: one verifies, the other is told the link is used', async () => {
    await register('ann@example.com')
    const { token } = linkIn(ctx.outbox[0]!.text, '/verify-email')
    const results = await Promise.all([verify(token), verify(token), verify(token)])
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400])
  })

  it('the link expires after 24 hours', async () => {
    await register('ann@example.com')
    const { token } = linkIn(ctx.outbox[0]!.text, '/verify-email')
    advance(24 * HOUR + 1000)
    const res = await verify(token)
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(/expired/)
    expect(await isVerified('ann@example.com')).toBe(false)
  })

  it('still works just before 24 hours', async () => {
    await register('ann@example.com')
    const { token } = linkIn(ctx.outbox[0]!.text, '/verify-email')
    advance(24 * HOUR - 60_000)
    expect((await verify(token)).status).toBe(200)
  })

  it('an unknown, empty or missing token is a 400', async () => {
    await register('ann@example.com')
    expect((await verify('not-a-real-token')).status).toBe(400)
    expect((await ctx.request('GET', '/api/user/verify?token=')).status).toBe(400)
    expect((await ctx.request('GET', '/api/user/verify')).status).toBe(400)
    expect(await isVerified('ann@example.com')).toBe(false)
  })

  it('a reset token does not verify, and a verify token does not reset', async () => {
    await register('ann@example.com')
    const verifyToken = linkIn(ctx.outbox[0]!.text, '/verify-email').token
    await forgot('ann@example.com')
    const resetToken = linkIn(ctx.outbox[1]!.text, '/reset-password').token
    expect((await verify(resetToken)).status).toBe(400)
    expect((await reset(verifyToken, 'another-pass')).status).toBe(400)
    expect(await isVerified('ann@example.com')).toBe(false)
  })
})

describe('POST /api/user/resend-verification', () => {
  it('answers the same text for unverified, verified and unknown addresses, and mails only the unverified one', async () => {
    await register('new@example.com')
    await ctx.createUser({ email: 'done@example.com' })
    ctx.outbox.length = 0

    const answers = []
    for (const email of ['new@example.com', 'done@example.com', 'nobody@example.com']) {
      const res = await resend(email)
      expect(res.status, email).toBe(200)
      expect(res.body.data).toBeUndefined()
      answers.push(res.body.message)
    }
    expect(answers).toEqual([RESEND_ANSWER, RESEND_ANSWER, RESEND_ANSWER])
    expect(ctx.outbox.map((m) => m.to)).toEqual(['new@example.com'])
  })

  it('the new link works and the earlier one stops working', async () => {
    await register('ann@example.com')
    const old = linkIn(ctx.outbox[0]!.text, '/verify-email').token
    await resend('ANN@example.com')
    expect(ctx.outbox).toHaveLength(2)
    const fresh = linkIn(ctx.outbox[1]!.text, '/verify-email').token
    expect(fresh).not.toBe(old)
    expect((await verify(old)).status).toBe(400)
    expect((await verify(fresh)).status).toBe(200)
  })

  it('takes the e-mail as a query parameter and requires it', async () => {
    expect((await ctx.request('POST', '/api/user/resend-verification')).status).toBe(400)
    expect((await ctx.request('POST', '/api/user/resend-verification?email=')).status).toBe(400)
    const bad = await ctx.request('POST', '/api/user/resend-verification?email=not-an-email')
    expect(bad.status).toBe(400)
    expect(bad.body.errorDetails).toHaveProperty('email')
  })
})

describe('AUTH_REQUIRE_VERIFIED_EMAIL=true', () => {
  const strict = setupTestContext({ AUTH_REQUIRE_VERIFIED_EMAIL: 'true' })

  it('an unverified account is refused with a 403 pointing to Resend Verification; verified, it signs in', async () => {
    expect(
      (
        await strict.request('POST', '/api/oauth2/registerUser', {
          body: { name: 'Ann', email: 'ann@example.com', password: 'secret-pass' },
        })
      ).status,
    ).toBe(201)
    const refused = await login('ann@example.com', 'secret-pass', strict)
    expect(refused.status).toBe(403)
    expect(refused.body.message).toContain('Resend Verification')
    expect(refused.body.data).toBeUndefined()

    const { token } = linkIn(strict.outbox[0]!.text, '/verify-email')
    expect((await strict.request('GET', `/api/user/verify?token=${encodeURIComponent(token)}`)).status).toBe(200)
    const ok = await login('ann@example.com', 'secret-pass', strict)
    expect(ok.status).toBe(200)
    expect(ok.body.data!.token).toEqual(expect.any(String))
  })

  it('a wrong password is still a 401, so the rule reveals nothing to guessers', async () => {
    await strict.request('POST', '/api/oauth2/registerUser', { body: { name: 'Ann', email: 'ann@example.com', password: 'secret-pass' } })
    expect((await login('ann@example.com', 'wrong-pass', strict)).status).toBe(401)
  })

  it('without the setting an unverified account signs in', async () => {
    await register('ann@example.com')
    expect((await login('ann@example.com', 'secret-pass')).status).toBe(200)
  })
})

describe('password reset', () => {
  it('answers the same text for known and unknown addresses and mails only the known one', async () => {
    await ctx.createUser({ email: 'ann@example.com' })
    const known = await forgot('ann@example.com')
    const unknown = await forgot('nobody@example.com')
    expect(known.status).toBe(200)
    expect(unknown.status).toBe(200)
    expect(known.body.message).toBe(FORGOT_ANSWER)
    expect(unknown.body.message).toBe(FORGOT_ANSWER)
    expect(ctx.outbox).toHaveLength(1)
    expect(ctx.outbox[0]!.to).toBe('ann@example.com')
    expect(ctx.outbox[0]!.subject).toMatch(/Reset/)
    const { link } = linkIn(ctx.outbox[0]!.text, '/reset-password')
    expect(link.startsWith('http://learnpack.test/reset-password?token=')).toBe(true)
  })

  it('the link sets the new password once: the old one fails, the new one works', async () => {
    await ctx.createUser({ email: 'ann@example.com', password: 'old-password' })
    await forgot('ann@example.com')
    const { token } = linkIn(ctx.outbox[0]!.text, '/reset-password')
    const res = await reset(token, 'brand-new-pass')
    expect(res.status).toBe(200)
    expect(res.body.message).toMatch(/password has been changed/)
    expect((await login('ann@example.com', 'old-password')).status).toBe(401)
    expect((await login('ann@example.com', 'brand-new-pass')).status).toBe(200)

    const again = await reset(token, 'third-password')
    expect(again.status).toBe(400)
    expect(again.body.message).toMatch(/invalid, already used or expired/)
    expect((await login('ann@example.com', 'brand-new-pass')).status).toBe(200)
  })

  it('a reset link used twice at once sets one password only', async () => {
    await ctx.createUser({ email: 'ann@example.com', password: 'old-password' })
    await forgot('ann@example.com')
    const { token } = linkIn(ctx.outbox[0]!.text, '/reset-password')
    const results = await Promise.all([reset(token, 'first-choice-1'), reset(token, 'second-choice-2')])
    expect(results.map((r) => r.status).sort()).toEqual([200, 400])
    const winner = results[0]!.status === 200 ? 'first-choice-1' : 'second-choice-2'
    expect((await login('ann@example.com', winner)).status).toBe(200)
  })

  it('the link expires after an hour', async () => {
    await ctx.createUser({ email: 'ann@example.com', password: 'old-password' })
    await forgot('ann@example.com')
    const { token } = linkIn(ctx.outbox[0]!.text, '/reset-password')
    advance(HOUR + 1000)
    expect((await reset(token, 'brand-new-pass')).status).toBe(400)
    expect((await login('ann@example.com', 'old-password')).status).toBe(200)
  })

  it('a newer request supersedes the earlier link', async () => {
    await ctx.createUser({ email: 'ann@example.com', password: 'old-password' })
    await forgot('ann@example.com')
    await forgot('ann@example.com')
    const first = linkIn(ctx.outbox[0]!.text, '/reset-password').token
    const second = linkIn(ctx.outbox[1]!.text, '/reset-password').token
    expect((await reset(first, 'brand-new-pass')).status).toBe(400)
    expect((await reset(second, 'brand-new-pass')).status).toBe(200)
  })

  it('enforces the password rules (too short is a 400) and keeps the token usable', async () => {
    await ctx.createUser({ email: 'ann@example.com', password: 'old-password' })
    await forgot('ann@example.com')
    const { token } = linkIn(ctx.outbox[0]!.text, '/reset-password')
    const short = await reset(token, 'short')
    expect(short.status).toBe(400)
    expect(short.body.errorDetails).toHaveProperty('password')
    expect((await reset(token, '         ')).status).toBe(400)
    expect((await reset(token, 'long-enough-pass')).status).toBe(200)
  })

  it('an unknown token or a missing field is a 400', async () => {
    expect((await reset('made-up-token', 'brand-new-pass')).status).toBe(400)
    expect((await ctx.request('POST', '/api/user/reset-password', { body: { password: 'brand-new-pass' } })).status).toBe(400)
    expect((await ctx.request('POST', '/api/user/forgot-password', { body: {} })).status).toBe(400)
    expect((await ctx.request('POST', '/api/user/forgot-password', { body: { email: 'nope' } })).status).toBe(400)
  })

  it('resetting also proves the address, so the account becomes verified', async () => {
    await register('ann@example.com')
    await forgot('ann@example.com')
    const { token } = linkIn(ctx.outbox[1]!.text, '/reset-password')
    expect((await reset(token, 'brand-new-pass')).status).toBe(200)
    expect(await isVerified('ann@example.com')).toBe(true)
  })

  it('a Google-only account can get a password this way', async () => {
    await ctx.deps.db
      .insert(users)
      .values({ email: 'g@example.com', name: 'G', passwordHash: null, googleSubject: 'sub-g', emailVerified: true })
    await forgot('g@example.com')
    const { token } = linkIn(ctx.outbox[0]!.text, '/reset-password')
    expect((await reset(token, 'brand-new-pass')).status).toBe(200)
    expect((await login('g@example.com', 'brand-new-pass')).status).toBe(200)
  })
})
