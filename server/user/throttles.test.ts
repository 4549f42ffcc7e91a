import { setupTestContext } from '../test/harness.ts'

/**
 * Mail requests, registration and current-password guesses are throttled, in the database,
 * so that no one can use up another person's quota and lock them out.
 */

const HOUR = 3_600_000
const MINUTE = 60_000

const ctx = setupTestContext()

const advance = (ms: number) => {
  ctx.now = new Date(ctx.now.getTime() + ms)
}
const from = (address: string) => ({ 'x-forwarded-for': address })
const forgot = (email: string, address: string) =>
  ctx.request('POST', '/api/user/forgot-password', { body: { email }, headers: from(address) })
const resend = (email: string, address: string) =>
  ctx.request('POST', `/api/user/resend-verification?email=${encodeURIComponent(email)}`, { headers: from(address) })
const register = (email: string, address: string) =>
  ctx.request('POST', '/api/oauth2/registerUser', { body: { name: 'Someone', email, password: 'secret-pass' }, headers: from(address) })

function expectLimited(res: { status: number; headers: Headers }) {
  expect(res.status).toBe(429)
  expect(res.headers.get('retry-after')).toMatch(/^[1-9]\d*$/)
  return Number(res.headers.get('retry-after'))
}

describe.each([
  ['forgot-password', forgot],
  ['resend-verification', resend],
] as const)('%s', (_name, ask) => {
  beforeEach(async () => {
    await ctx.request('POST', '/api/oauth2/registerUser', { body: { name: 'Ann', email: 'ann@example.com', password: 'secret-pass' } })
    ctx.outbox.length = 0
  })

  it("one address asking for someone else's mail is stopped after 5, and the owner still gets theirs", async () => {
    for (let i = 0; i < 5; i++) expect((await ask('ann@example.com', '203.0.113.9')).status).toBe(200)
    expect(expectLimited(await ask('ann@example.com', '203.0.113.9'))).toBeLessThanOrEqual(3600)
    expect(ctx.outbox).toHaveLength(5)
    expect((await ask('ann@example.com', '198.51.100.1')).status).toBe(200)
    expect(ctx.outbox).toHaveLength(6)
    advance(HOUR)
    expect((await ask('ann@example.com', '203.0.113.9')).status).toBe(200)
  })

  it('one address may ask for 20 mails an hour in all', async () => {
    for (let i = 0; i < 20; i++) expect((await ask(`x${i}@example.com`, '203.0.113.9')).status).toBe(200)
    expectLimited(await ask('ann@example.com', '203.0.113.9'))
    expect((await ask('ann@example.com', '198.51.100.1')).status).toBe(200)
  })

  it('one account gets at most 20 mails an hour, whoever asks', async () => {
    for (let i = 0; i < 20; i++) expect((await ask('ann@example.com', `10.0.${i}.1`)).status).toBe(200)
    expectLimited(await ask('ann@example.com', '10.9.9.9'))
    expect(ctx.outbox).toHaveLength(20)
  })
})

describe('registration', () => {
  it('one address may register 20 times an hour; another address is not affected', async () => {
    for (let i = 0; i < 20; i++) expect((await register(`r${i}@example.com`, '203.0.113.9')).status).toBe(201)
    expectLimited(await register('r20@example.com', '203.0.113.9'))
    expect((await register('r20@example.com', '198.51.100.1')).status).toBe(201)
    advance(HOUR)
    expect((await register('r21@example.com', '203.0.113.9')).status).toBe(201)
  })
})

describe('PUT /api/user/password', () => {
  it('five wrong current passwords in 15 minutes: the next try is a 429, even with the right one; later it works', async () => {
    const me = await ctx.createUser({ password: 'old-password' })
    const change = (currentPassword: string) =>
      ctx.request('PUT', '/api/user/password', { token: me.token, body: { currentPassword, newPassword: 'new-password' } })
    for (let i = 0; i < 5; i++) expect((await change(`guess-${i}-wrong`)).status).toBe(400)
    expect(expectLimited(await change('old-password'))).toBeLessThanOrEqual(15 * 60)
    advance(15 * MINUTE)
    expect((await change('old-password')).status).toBe(200)
  })

  it("one account's guesses do not limit another's", async () => {
    const me = await ctx.createUser({ password: 'old-password' })
    const other = await ctx.createUser({ password: 'other-password' })
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await ctx.request('PUT', '/api/user/password', {
            token: me.token,
            body: { currentPassword: 'wrong-wrong', newPassword: 'new-password' },
          })
        ).status,
      ).toBe(400)
    }
    const res = await ctx.request('PUT', '/api/user/password', {
      token: other.token,
      body: { currentPassword: 'other-password', newPassword: 'new-password' },
    })
    expect(res.status).toBe(200)
  })
})

describe('concurrent requests cannot race past a limit', () => {
  const statuses = (responses: { status: number }[]) => {
    const tally: Record<number, number> = {}
    for (const { status } of responses) tally[status] = (tally[status] ?? 0) + 1
    return tally
  }

  it('35 registrations at once from one address: 20 accounts, 15 refused', async () => {
    const responses = await Promise.all(Array.from({ length: 35 }, (_, i) => register(`burst${i}@example.com`, '203.0.113.9')))
    expect(statuses(responses)).toEqual({ 201: 20, 429: 15 })
  })

  it.each([
    ['forgot-password', forgot],
    ['resend-verification', resend],
  ] as const)('13 %s requests at once for one account from one address: 5 mails', async (_name, ask) => {
    await ctx.request('POST', '/api/oauth2/registerUser', { body: { name: 'Ann', email: 'ann@example.com', password: 'secret-pass' } })
    ctx.outbox.length = 0
    const responses = await Promise.all(Array.from({ length: 13 }, () => ask('ann@example.com', '203.0.113.9')))
    expect(statuses(responses)).toEqual({ 200: 5, 429: 8 })
    expect(ctx.outbox).toHaveLength(5)
  })

  it('20 wrong current passwords at once: 5 are checked, the rest refused', async () => {
    const me = await ctx.createUser({ password: 'old-password' })
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        ctx.request('PUT', '/api/user/password', {
          token: me.token,
          body: { currentPassword: `guess-${i}-wrong`, newPassword: 'new-password' },
        }),
      ),
    )
    expect(statuses(responses)).toEqual({ 400: 5, 429: 15 })
  })
})
