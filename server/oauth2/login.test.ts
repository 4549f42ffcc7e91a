import { decodeJwt } from 'jose'
import type { LoginResponse } from '../../contract/auth.ts'
import { users } from '../db/schema.ts'
import { setupTestContext, createTestContext } from '../test/harness.ts'

const LOGIN = '/api/oauth2/loginUser'
const INVALID = 'Invalid email or password.'
const MINUTE = 60_000

const ctx = setupTestContext()

function login(email: string, password: string, from?: string) {
  return ctx.request<LoginResponse>('POST', LOGIN, { body: { email, password }, headers: from ? { 'x-forwarded-for': from } : {} })
}

function advance(ms: number) {
  ctx.now = new Date(ctx.now.getTime() + ms)
}

function withoutTimestamp(body: object) {
  const { timestamp, ...rest } = body as { timestamp?: string }
  expect(typeof timestamp).toBe('string')
  return rest
}

async function failTimes(n: number, email: (i: number) => string, from: (i: number) => string | undefined) {
  for (let i = 0; i < n; i++) {
    const res = await login(email(i), 'wrong-password', from(i))
    expect(res.status).toBe(401)
  }
}

function expectRateLimited(res: Awaited<ReturnType<typeof login>>) {
  expect(res.status).toBe(429)
  expect(res.body).toMatchObject({ success: false, status: 429, path: LOGIN })
  expect(res.body.message).toMatch(/Too many failed sign-in attempts/)
  expect(res.body.data).toBeUndefined()
  const retryAfter = res.headers.get('retry-after')
  expect(retryAfter).toMatch(/^[1-9]\d*$/)
  return Number(retryAfter)
}

describe('POST /api/oauth2/loginUser', () => {
  it('answers {token, user} and "Login Success"', async () => {
    const { user, password } = await ctx.createUser({ email: 'ann@example.com', name: 'Ann' })
    const res = await login('ann@example.com', password)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ success: true, status: 200, message: 'Login Success', path: LOGIN })
    const data = res.body.data!
    expect(typeof data.token).toBe('string')
    expect(data.user).toEqual(user)
    expect(data.user).toMatchObject({ email: 'ann@example.com', role: 'USER', packages: [] })
    expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|scrypt/)
    const claims = decodeJwt(data.token)
    expect(claims.sub).toBe(String(user.id))
    expect(claims.role).toBe('USER')
  })

  it('the token opens the current-user call', async () => {
    const { password } = await ctx.createUser({ email: 'ann@example.com' })
    const res = await login('ann@example.com', password)
    const me = await ctx.request<{ email: string }>('GET', '/api/user/getUserByEmail', { token: res.body.data!.token })
    expect(me.status).toBe(200)
    expect(me.body.data!.email).toBe('ann@example.com')
  })

  it('an admin gets a token with the admin role', async () => {
    const { password, user } = await ctx.createUser({ email: 'boss@example.com', role: 'admin' })
    const res = await login('boss@example.com', password)
    expect(res.status).toBe(200)
    expect(res.body.data!.user.role).toBe('admin')
    expect(decodeJwt(res.body.data!.token)).toMatchObject({ sub: String(user.id), role: 'admin' })
  })

  it('matches the e-mail case-insensitively', async () => {
    const { password } = await ctx.createUser({ email: 'ann@example.com' })
    const res = await login('  ANN@Example.com ', password)
    expect(res.status).toBe(200)
  })

  it('a wrong password is a 401 "Invalid email or password."', async () => {
    await ctx.createUser({ email: 'ann@example.com', password: 'right-password' })
    const res = await login('ann@example.com', 'wrong-password')
    expect(res.status).toBe(401)
    expect(res.body).toMatchObject({ success: false, status: 401, message: INVALID, path: LOGIN })
    expect(res.body.data).toBeUndefined()
  })

  it('the password is case-sensitive', async () => {
    await ctx.createUser({ email: 'ann@example.com', password: 'Right-Password' })
    expect((await login('ann@example.com', 'right-password')).status).toBe(401)
    expect((await login('ann@example.com', 'Right-Password')).status).toBe(200)
  })

  it('an unknown e-mail and a wrong password get identical answers', async () => {
    await ctx.createUser({ email: 'ann@example.com', password: 'right-password' })
    const wrongPassword = await login('ann@example.com', 'wrong-password')
    const unknownEmail = await login('nobody@example.com', 'wrong-password')
    expect(wrongPassword.status).toBe(401)
    expect(unknownEmail.status).toBe(401)
    expect(withoutTimestamp(unknownEmail.body)).toEqual(withoutTimestamp(wrongPassword.body))
    expect(unknownEmail.body.message).toBe(INVALID)
  })

  it('a Google-only account (no password hash) cannot sign in with any password', async () => {
    await ctx.deps.db
      .insert(users)
      .values({ email: 'g@example.com', name: 'G', passwordHash: null, googleSubject: 'sub-g', emailVerified: true })
    for (const [i, password] of ['x', 'null', 'undefined', 'password', 'scrypt$', ' '].entries()) {
      const res = await login('g@example.com', password, `10.0.5.${i}`)
      expect(res.status).toBe(401)
      expect(res.body.message).toBe(INVALID)
    }
    const empty = await login('g@example.com', '')
    expect(empty.status).toBe(400)
  })

  it('an account with a corrupt stored hash cannot sign in', async () => {
    await ctx.deps.db.insert(users).values({ email: 'c@example.com', name: 'C', passwordHash: 'plain-text-password' })
    const res = await login('c@example.com', 'plain-text-password')
    expect(res.status).toBe(401)
    expect(res.body.message).toBe(INVALID)
  })

  it('validates the body, naming each bad field', async () => {
    const res = await ctx.request('POST', LOGIN, { body: {} })
    expect(res.status).toBe(400)
    expect(res.body.errorDetails).toEqual({ email: 'Email is required', password: 'Password is required' })
    const bad = await ctx.request('POST', LOGIN, { body: { email: 'not-an-email', password: 7 } })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.errorDetails!).sort()).toEqual(['email', 'password'])
  })

  it('malformed JSON is a 400 and is not counted as a failure', async () => {
    const res = await ctx.request('POST', LOGIN, { rawBody: '{"email":', headers: { 'content-type': 'application/json' } })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('Malformed JSON in request body')
  })

  describe('rate limit (per account and address, growing delays; a higher ceiling per address)', () => {
    it('five failures for one account from one address make that address wait 30 s, even with the right password', async () => {
      const { password } = await ctx.createUser({ email: 'ann@example.com' })
      await failTimes(
        5,
        () => 'ann@example.com',
        () => '10.0.0.1',
      )
      expect(expectRateLimited(await login('ann@example.com', password, '10.0.0.1'))).toBe(30)
      advance(30_000)
      expect((await login('ann@example.com', password, '10.0.0.1')).status).toBe(200)
    })

    it("an attacker's failures never lock the owner out: the right password from another address signs in", async () => {
      const { password } = await ctx.createUser({ email: 'ann@example.com' })
      for (let round = 0; round < 4; round++) {
        await failTimes(
          5,
          () => 'ann@example.com',
          (i) => `203.0.113.${round * 5 + i}`,
        )
      }
      await failTimes(
        5,
        () => 'ann@example.com',
        () => '203.0.113.99',
      )
      expectRateLimited(await login('ann@example.com', 'wrong-password', '203.0.113.99'))
      expect((await login('ann@example.com', password, '198.51.100.1')).status).toBe(200)
    })

    it('each further failure doubles the wait, up to 15 minutes', async () => {
      await ctx.createUser({ email: 'ann@example.com' })
      await failTimes(
        5,
        () => 'ann@example.com',
        () => '10.0.0.1',
      )
      const waits: number[] = []
      for (let i = 0; i < 7; i++) {
        const wait = expectRateLimited(await login('ann@example.com', 'wrong-password', '10.0.0.1'))
        waits.push(wait)
        advance(wait * 1000)
        expect((await login('ann@example.com', 'wrong-password', '10.0.0.1')).status).toBe(401)
      }
      expect(waits).toEqual([30, 60, 120, 240, 480, 900, 900])
    })

    it('four failures still allow a sign-in, which clears them for that address', async () => {
      const { password } = await ctx.createUser({ email: 'ann@example.com' })
      await failTimes(
        4,
        () => 'ann@example.com',
        () => '10.0.0.1',
      )
      expect((await login('ann@example.com', password, '10.0.0.1')).status).toBe(200)
      await failTimes(
        4,
        () => 'ann@example.com',
        () => '10.0.0.1',
      )
      expect((await login('ann@example.com', password, '10.0.0.1')).status).toBe(200)
    })

    it('counts the e-mail case-insensitively', async () => {
      const { password } = await ctx.createUser({ email: 'ann@example.com' })
      await failTimes(
        5,
        (i) => (i % 2 ? 'ANN@example.com' : 'ann@EXAMPLE.com'),
        () => '10.0.1.1',
      )
      expectRateLimited(await login('ann@example.com', password, '10.0.1.1'))
    })

    it('another account from the same address is not delayed', async () => {
      await ctx.createUser({ email: 'ann@example.com' })
      const bob = await ctx.createUser({ email: 'bob@example.com' })
      await failTimes(
        5,
        () => 'ann@example.com',
        () => '10.0.0.1',
      )
      expect((await login('bob@example.com', bob.password, '10.0.0.1')).status).toBe(200)
    })

    it('after 100 failures from one address (any accounts) that address waits 15 minutes; other addresses do not', async () => {
      const { password } = await ctx.createUser({ email: 'ann@example.com' })
      await failTimes(
        100,
        (i) => `nobody${i}@example.com`,
        () => '203.0.113.7',
      )
      expect(expectRateLimited(await login('ann@example.com', password, '203.0.113.7'))).toBe(15 * 60)
      expectRateLimited(await login('someone-else@example.com', 'whatever', '203.0.113.7'))
      expect((await login('ann@example.com', password, '198.51.100.1')).status).toBe(200)
      advance(15 * MINUTE)
      expect((await login('ann@example.com', password, '203.0.113.7')).status).toBe(200)
    })

    it('behind one proxy the address is the entry it appended (the last); what the client sent before it does not count', async () => {
      const { password } = await ctx.createUser({ email: 'ann@example.com' })
      await failTimes(
        5,
        () => 'ann@example.com',
        (i) => `10.0.0.${i}, 203.0.113.7`,
      )
      expectRateLimited(await login('ann@example.com', password, '198.51.100.1, 203.0.113.7'))
      expectRateLimited(await login('ann@example.com', password, '203.0.113.7'))
      expect((await login('ann@example.com', password, '203.0.113.7, 198.51.100.1')).status).toBe(200)
    })

    it('TRUST_PROXY_HOPS=2 takes the entry the outer proxy appended, second from the right', async () => {
      const twoProxies = await createTestContext({ TRUST_PROXY_HOPS: '2' })
      try {
        const { password } = await twoProxies.createUser({ email: 'ann@example.com' })
        const from = (forwarded: string, pw = 'wrong-password') =>
          twoProxies.request('POST', LOGIN, { body: { email: 'ann@example.com', password: pw }, headers: { 'x-forwarded-for': forwarded } })
        for (let i = 0; i < 5; i++) expect((await from(`10.0.0.${i}, 203.0.113.7, 172.16.0.${i}`)).status).toBe(401)
        expect((await from('203.0.113.7, 172.16.0.9', password)).status).toBe(429)
        expect((await from('203.0.113.7, 198.51.100.1, 172.16.0.9', password)).status).toBe(200)
      } finally {
        await twoProxies.close()
      }
    })

    it('40 wrong passwords at once for one account from one address: 5 are checked, the rest wait', async () => {
      const { password } = await ctx.createUser({ email: 'ann@example.com' })
      const responses = await Promise.all(Array.from({ length: 40 }, () => login('ann@example.com', 'wrong-password', '10.0.0.1')))
      expect(responses.filter((r) => r.status === 401)).toHaveLength(5)
      expect(responses.filter((r) => r.status === 429)).toHaveLength(35)
      expectRateLimited(await login('ann@example.com', password, '10.0.0.1'))
    })

    it('a 429 is not itself counted as a failure', async () => {
      const { password } = await ctx.createUser({ email: 'ann@example.com' })
      await failTimes(
        5,
        () => 'ann@example.com',
        () => '10.0.0.1',
      )
      for (let i = 0; i < 5; i++) expect(expectRateLimited(await login('ann@example.com', 'wrong-password', '10.0.0.1'))).toBe(30)
      advance(30_000)
      expect((await login('ann@example.com', password, '10.0.0.1')).status).toBe(200)
    })

    it('failures are forgotten after an hour', async () => {
      const { password } = await ctx.createUser({ email: 'ann@example.com' })
      await failTimes(
        5,
        () => 'ann@example.com',
        () => '10.0.0.1',
      )
      advance(60 * MINUTE)
      await failTimes(
        4,
        () => 'ann@example.com',
        () => '10.0.0.1',
      )
      expect((await login('ann@example.com', password, '10.0.0.1')).status).toBe(200)
    })

    it('without a trusted proxy X-Forwarded-For is ignored, so it cannot dodge the limit', async () => {
      const direct = await createTestContext({ TRUST_PROXY: 'false' })
      try {
        const { password } = await direct.createUser({ email: 'ann@example.com' })
        for (let i = 0; i < 5; i++) {
          const res = await direct.request('POST', LOGIN, {
            body: { email: 'ann@example.com', password: 'x' },
            headers: { 'x-forwarded-for': `10.1.0.${i}` },
          })
          expect(res.status).toBe(401)
        }
        const res = await direct.request('POST', LOGIN, {
          body: { email: 'ann@example.com', password },
          headers: { 'x-forwarded-for': '10.9.9.9' },
        })
        expect(res.status).toBe(429)
        expect(res.headers.get('retry-after')).toMatch(/^[1-9]\d*$/)
      } finally {
        await direct.close()
      }
    })
  })
})
