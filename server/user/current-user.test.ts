import { eq } from 'drizzle-orm'
import { SignJWT, decodeJwt, decodeProtectedHeader } from 'jose'
import type { User } from '../../contract/auth.ts'
import { users } from '../db/schema.ts'
import { createTokenService } from '../auth/tokens.ts'
import { setupTestContext } from '../test/harness.ts'

const ME = '/api/user/getUserByEmail'

const ctx = setupTestContext()

const me = (headers: Record<string, string> = {}) => ctx.request<User>('GET', ME, { headers })

function expect401(res: Awaited<ReturnType<typeof me>>) {
  expect(res.status).toBe(401)
  expect(res.body).toMatchObject({ success: false, status: 401, path: ME })
  expect(typeof res.body.message).toBe('string')
  expect(res.body.message!.length).toBeGreaterThan(0)
  expect(res.body.data).toBeUndefined()
}

const secret = () => new TextEncoder().encode(ctx.config.jwtSecret!)

describe('GET /api/user/getUserByEmail', () => {
  it('answers the signed-in user with an empty package list', async () => {
    const { user, token } = await ctx.createUser({ email: 'ann@example.com', name: 'Ann' })
    const res = await ctx.request<User>('GET', ME, { token })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ success: true, status: 200, path: ME })
    expect(res.body.data).toEqual(user)
    expect(res.body.data).toMatchObject({ id: user.id, email: 'ann@example.com', name: 'Ann', role: 'USER', packages: [] })
    expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|scrypt|googleSubject/)
  })

  it('answers the caller, whatever e-mail the query names', async () => {
    const ann = await ctx.createUser({ email: 'ann@example.com' })
    await ctx.createUser({ email: 'bob@example.com' })
    const res = await ctx.request<User>('GET', `${ME}?email=bob@example.com`, { token: ann.token })
    expect(res.status).toBe(200)
    expect(res.body.data!.email).toBe('ann@example.com')
  })

  it('accepts the scheme in any case', async () => {
    const { token } = await ctx.createUser()
    expect((await me({ authorization: `bearer ${token}` })).status).toBe(200)
    expect((await me({ authorization: `BEARER ${token}` })).status).toBe(200)
  })

  it('without a token is a 401', async () => {
    expect401(await me())
  })

  it('a malformed Authorization header is a 401', async () => {
    const { token } = await ctx.createUser()
    for (const authorization of [
      '',
      'Bearer',
      'Bearer ',
      token,
      `Basic ${token}`,
      `Token ${token}`,
      `Bearer ${token} extra`,
      'Bearer not-a-jwt',
      'Bearer a.b.c',
    ]) {
      expect401(await me({ authorization }))
    }
  })

  it('a token signed with another secret is a 401', async () => {
    const { user } = await ctx.createUser()
    const other = createTokenService('another-secret-another-secret-another-secret', 3600, () => ctx.now)
    expect401(await me({ authorization: `Bearer ${await other.sign({ userId: user.id, role: 'USER' })}` }))
  })

  it('a token with a tampered payload is a 401', async () => {
    const { token } = await ctx.createUser()
    const admin = await ctx.createUser({ role: 'admin' })
    const [header, , signature] = token.split('.')
    const payload = Buffer.from(JSON.stringify({ ...decodeJwt(token), sub: String(admin.user.id), role: 'admin' })).toString('base64url')
    expect401(await me({ authorization: `Bearer ${header}.${payload}.${signature}` }))
  })

  it('an unsigned (alg none) or differently signed (HS512) token is a 401', async () => {
    const { user } = await ctx.createUser()
    const claims = {
      sub: String(user.id),
      role: 'USER',
      iat: Math.floor(ctx.now.getTime() / 1000),
      exp: Math.floor(ctx.now.getTime() / 1000) + 600,
    }
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`
    expect401(await me({ authorization: `Bearer ${none}` }))
    const hs512 = await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).sign(secret())
    expect401(await me({ authorization: `Bearer ${hs512}` }))
  })

  it('a correctly signed token without a usable subject or expiry rule is a 401', async () => {
    const now = Math.floor(ctx.now.getTime() / 1000)
    for (const sub of ['abc', '0', '-1', '1.5', '']) {
      const token = await new SignJWT({ role: 'USER', sub })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt(now)
        .setExpirationTime(now + 600)
        .sign(secret())
      expect401(await me({ authorization: `Bearer ${token}` }))
    }
  })

  it('the token of a deleted user is a 401', async () => {
    const { user, token } = await ctx.createUser()
    expect((await ctx.request('GET', ME, { token })).status).toBe(200)
    await ctx.deps.db.delete(users).where(eq(users.id, user.id))
    expect401(await ctx.request('GET', ME, { token }))
  })

  it("the token's subject is the user id and it carries the role and a 12 h expiry by default", async () => {
    const learner = await ctx.createUser()
    const admin = await ctx.createUser({ role: 'admin' })
    const learnerClaims = decodeJwt(learner.token)
    expect(learnerClaims.sub).toBe(String(learner.user.id))
    expect(learnerClaims.role).toBe('USER')
    expect(learnerClaims.exp! - learnerClaims.iat!).toBe(12 * 3600)
    expect(learnerClaims.iat).toBe(Math.floor(ctx.now.getTime() / 1000))
    expect(decodeProtectedHeader(learner.token).alg).toBe('HS256')
    const adminClaims = decodeJwt(admin.token)
    expect(adminClaims.sub).toBe(String(admin.user.id))
    expect(adminClaims.role).toBe('admin')
  })

  it('a token still works just before 12 h and is a 401 after', async () => {
    const { token } = await ctx.createUser()
    const start = ctx.now.getTime()
    ctx.now = new Date(start + 12 * 3600_000 - 2000)
    expect((await ctx.request('GET', ME, { token })).status).toBe(200)
    ctx.now = new Date(start + 12 * 3600_000 + 1000)
    expect401(await ctx.request('GET', ME, { token }))
  })
})

describe('JWT_TTL', () => {
  const short = setupTestContext({ JWT_TTL: '10s' })

  it('a token lives exactly JWT_TTL', async () => {
    const { token } = await short.createUser()
    const claims = decodeJwt(token)
    expect(claims.exp! - claims.iat!).toBe(10)
    expect((await short.request('GET', ME, { token })).status).toBe(200)

    const start = short.now.getTime()
    short.now = new Date(start + 8000)
    expect((await short.request('GET', ME, { token })).status).toBe(200)

    short.now = new Date(start + 11_000)
    const expired = await short.request('GET', ME, { token })
    expect(expired.status).toBe(401)
    expect(expired.body).toMatchObject({ success: false, status: 401, path: ME })
  })

  it('a token from a password login also expires after JWT_TTL', async () => {
    const { password, user } = await short.createUser()
    const login = await short.request<{ token: string }>('POST', '/api/oauth2/loginUser', { body: { email: user.email, password } })
    expect(login.status).toBe(200)
    const token = login.body.data!.token
    expect((await short.request('GET', ME, { token })).status).toBe(200)
    short.now = new Date(short.now.getTime() + 11_000)
    expect((await short.request('GET', ME, { token })).status).toBe(401)
  })
})
