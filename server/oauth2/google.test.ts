import { eq } from 'drizzle-orm'
import { SignJWT, decodeJwt, generateKeyPair } from 'jose'
import type { LoginResponse } from '../../contract/auth.ts'
import { users } from '../db/schema.ts'
import { TEST_GOOGLE_CLIENT_ID, setupTestContext, createTestContext } from '../test/harness.ts'

const GOOGLE = '/api/oauth2/login'
const INVALID = 'Invalid Google token'

const ctx = setupTestContext()

const googleLogin = (idToken: unknown) => ctx.request<LoginResponse>('POST', GOOGLE, { body: { idToken } })
const nowSeconds = () => Math.floor(ctx.now.getTime() / 1000)

async function expectInvalid(idToken: unknown) {
  const res = await googleLogin(idToken)
  expect(res.status).toBe(401)
  expect(res.body).toMatchObject({ success: false, status: 401, message: INVALID, path: GOOGLE })
  expect(res.body.data).toBeUndefined()
  return res
}

describe('POST /api/oauth2/login (Google)', () => {
  it('a valid token creates a learner with the Google profile', async () => {
    const token = await ctx.signGoogleToken({
      email: 'Google.User@Example.com',
      name: 'Google User',
      given_name: 'Google',
      family_name: 'User',
      picture: 'https://lh3.googleusercontent.com/a/photo',
      locale: 'en',
    })
    const res = await googleLogin(token)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ success: true, status: 200, message: 'Login successful', path: GOOGLE })
    const { user, token: jwt } = res.body.data!
    expect(user).toMatchObject({
      email: 'google.user@example.com',
      name: 'Google User',
      givenName: 'Google',
      familyName: 'User',
      pictureUrl: 'https://lh3.googleusercontent.com/a/photo',
      locale: 'en',
      role: 'USER',
      emailVerified: true,
      packages: [],
    })
    expect(decodeJwt(jwt)).toMatchObject({ sub: String(user.id), role: 'USER' })
    const rows = await ctx.deps.db.select().from(users)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ googleSubject: 'google-sub-1', passwordHash: null })
    expect(JSON.stringify(res.body)).not.toMatch(/googleSubject|passwordHash/)

    const me = await ctx.request<{ id: number }>('GET', '/api/user/getUserByEmail', { token: jwt })
    expect(me.status).toBe(200)
    expect(me.body.data!.id).toBe(user.id)
  })

  it('without a name in the token the name falls back to the e-mail local part', async () => {
    const res = await googleLogin(
      await ctx.signGoogleToken({
        email: 'pat@example.com',
        name: undefined,
        given_name: undefined,
        family_name: undefined,
        picture: undefined,
      }),
    )
    expect(res.status).toBe(200)
    expect(res.body.data!.user).toMatchObject({ name: 'pat', givenName: null, familyName: null, pictureUrl: null })
  })

  it('a second login updates the profile and keeps the id', async () => {
    const first = await googleLogin(await ctx.signGoogleToken())
    expect(first.status).toBe(200)
    const id = first.body.data!.user.id

    ctx.now = new Date(ctx.now.getTime() + 60_000)
    const second = await googleLogin(
      await ctx.signGoogleToken({
        name: 'Renamed Person',
        given_name: 'Renamed',
        family_name: 'Person',
        picture: 'https://lh3.googleusercontent.com/a/new',
      }),
    )
    expect(second.status).toBe(200)
    expect(second.body.data!.user).toMatchObject({
      id,
      name: 'Renamed Person',
      givenName: 'Renamed',
      familyName: 'Person',
      pictureUrl: 'https://lh3.googleusercontent.com/a/new',
    })
    const rows = await ctx.deps.db.select().from(users)
    expect(rows).toHaveLength(1)
    expect(rows[0]!.updatedAt.getTime()).toBe(ctx.now.getTime())
  })

  it('signs an existing password account in, links it and keeps its role and password', async () => {
    const { user, password } = await ctx.createUser({ email: 'google.user@example.com', role: 'admin', name: 'Boss' })
    const res = await googleLogin(await ctx.signGoogleToken())
    expect(res.status).toBe(200)
    expect(res.body.data!.user).toMatchObject({ id: user.id, role: 'admin', name: 'Google User' })
    expect(decodeJwt(res.body.data!.token).role).toBe('admin')
    const [row] = await ctx.deps.db.select().from(users).where(eq(users.id, user.id))
    expect(row!.googleSubject).toBe('google-sub-1')
    const login = await ctx.request('POST', '/api/oauth2/loginUser', { body: { email: 'google.user@example.com', password } })
    expect(login.status).toBe(200)
  })

  it('a different Google subject for an already linked e-mail is refused', async () => {
    expect((await googleLogin(await ctx.signGoogleToken({ sub: 'subject-a' }))).status).toBe(200)
    await expectInvalid(await ctx.signGoogleToken({ sub: 'subject-b' }))
    const rows = await ctx.deps.db.select().from(users)
    expect(rows).toHaveLength(1)
    expect(rows[0]!.googleSubject).toBe('subject-a')
  })

  it('a linked Google account whose e-mail changed signs in to the same account (never a 500)', async () => {
    const first = await googleLogin(await ctx.signGoogleToken({ sub: 'subject-a', email: 'old@example.com' }))
    expect(first.status).toBe(200)
    const second = await googleLogin(await ctx.signGoogleToken({ sub: 'subject-a', email: 'new@example.com', name: 'New Name' }))
    expect(second.status).toBe(200)
    expect(second.body.data!.user).toMatchObject({ id: first.body.data!.user.id, name: 'New Name' })
    expect(await ctx.deps.db.select().from(users)).toHaveLength(1)
  })

  it('a linked Google account whose new e-mail belongs to another account still signs in to its own account', async () => {
    const first = await googleLogin(await ctx.signGoogleToken({ sub: 'subject-a', email: 'old@example.com' }))
    const other = await ctx.createUser({ email: 'taken@example.com', name: 'Other' })
    const second = await googleLogin(await ctx.signGoogleToken({ sub: 'subject-a', email: 'taken@example.com' }))
    expect(second.status).toBe(200)
    expect(second.body.data!.user.id).toBe(first.body.data!.user.id)
    const [row] = await ctx.deps.db.select().from(users).where(eq(users.id, other.user.id))
    expect(row).toMatchObject({ name: 'Other', googleSubject: null })
  })

  it('accepts both Google issuers', async () => {
    expect((await googleLogin(await ctx.signGoogleToken({}, { issuer: 'accounts.google.com' }))).status).toBe(200)
    expect((await googleLogin(await ctx.signGoogleToken({}, { issuer: 'https://accounts.google.com' }))).status).toBe(200)
  })

  describe('bad tokens are a 401 "Invalid Google token"', () => {
    it('wrong audience', async () => {
      await expectInvalid(await ctx.signGoogleToken({}, { audience: 'someone-else.apps.googleusercontent.com' }))
    })

    it('wrong issuer', async () => {
      await expectInvalid(await ctx.signGoogleToken({}, { issuer: 'https://evil.example.com' }))
    })

    it('expired (exp before the clock)', async () => {
      await expectInvalid(await ctx.signGoogleToken({}, { expiresIn: nowSeconds() - 60 }))
    })

    it('valid when signed, expired once the clock moves past exp', async () => {
      const token = await ctx.signGoogleToken({}, { expiresIn: nowSeconds() + 600 })
      ctx.now = new Date(ctx.now.getTime() + 601_000)
      await expectInvalid(token)
    })

    it('email_verified false', async () => {
      await expectInvalid(await ctx.signGoogleToken({ email_verified: false }))
    })

    it('email_verified missing or the string "true"', async () => {
      await expectInvalid(await ctx.signGoogleToken({ email_verified: undefined }))
      await expectInvalid(await ctx.signGoogleToken({ email_verified: 'true' }))
    })

    it('missing or blank e-mail', async () => {
      await expectInvalid(await ctx.signGoogleToken({ email: undefined }))
      await expectInvalid(await ctx.signGoogleToken({ email: '   ' }))
    })

    it('missing subject', async () => {
      await expectInvalid(await ctx.signGoogleToken({ sub: undefined }))
    })

    it('signed by a foreign key', async () => {
      await expectInvalid(await ctx.signGoogleToken({}, { foreignKey: true }))
    })

    it('signed with an algorithm outside RS256/ES256 or unsigned', async () => {
      const hs = await new SignJWT({ email: 'google.user@example.com', email_verified: true, sub: 'x' })
        .setProtectedHeader({ alg: 'HS256', kid: 'test-key' })
        .setIssuer('https://accounts.google.com')
        .setAudience(TEST_GOOGLE_CLIENT_ID)
        .setExpirationTime(nowSeconds() + 600)
        .sign(new TextEncoder().encode('a-shared-secret-that-anyone-could-guess'))
      await expectInvalid(hs)
      const payload = Buffer.from(
        JSON.stringify({
          email: 'google.user@example.com',
          email_verified: true,
          sub: 'x',
          iss: 'https://accounts.google.com',
          aud: TEST_GOOGLE_CLIENT_ID,
          exp: nowSeconds() + 600,
        }),
      ).toString('base64url')
      const header = Buffer.from(JSON.stringify({ alg: 'none', kid: 'test-key' })).toString('base64url')
      await expectInvalid(`${header}.${payload}.`)
    })

    it('a token with an unknown key id', async () => {
      const { privateKey } = await generateKeyPair('RS256')
      const token = await new SignJWT({ email: 'google.user@example.com', email_verified: true, sub: 'x' })
        .setProtectedHeader({ alg: 'RS256', kid: 'other-key' })
        .setIssuer('https://accounts.google.com')
        .setAudience(TEST_GOOGLE_CLIENT_ID)
        .setExpirationTime(nowSeconds() + 600)
        .sign(privateKey)
      await expectInvalid(token)
    })

    it('a tampered payload', async () => {
      const [header, , signature] = (await ctx.signGoogleToken()).split('.')
      const forged = Buffer.from(
        JSON.stringify({
          email: 'victim@example.com',
          email_verified: true,
          sub: 'google-sub-1',
          iss: 'https://accounts.google.com',
          aud: TEST_GOOGLE_CLIENT_ID,
          exp: nowSeconds() + 600,
        }),
      ).toString('base64url')
      await expectInvalid(`${header}.${forged}.${signature}`)
    })

    it('garbage strings', async () => {
      for (const garbage of ['x', 'not.a.jwt', 'a.b.c.d.e', '...', 'eyJhbGciOiJSUzI1NiJ9.%%%.###', 'é'.repeat(100)]) {
        await expectInvalid(garbage)
      }
    })

    it('creates no user for any bad token', async () => {
      await googleLogin(await ctx.signGoogleToken({ email_verified: false }))
      await googleLogin(await ctx.signGoogleToken({}, { foreignKey: true }))
      expect(await ctx.deps.db.select().from(users)).toHaveLength(0)
    })
  })

  describe('bad requests', () => {
    it('missing idToken is a 400 naming it', async () => {
      const res = await ctx.request('POST', GOOGLE, { body: {} })
      expect(res.status).toBe(400)
      expect(res.body.errorDetails).toEqual({ idToken: 'idToken is required' })
    })

    it('empty, non-string or control-character idToken is a 400', async () => {
      for (const idToken of ['', 42, null, { token: 'x' }, '\u0000\u0001']) {
        const res = await googleLogin(idToken)
        expect(res.status).toBe(400)
        expect(Object.keys(res.body.errorDetails!)).toEqual(['idToken'])
      }
    })

    it('malformed JSON is a 400', async () => {
      const res = await ctx.request('POST', GOOGLE, { rawBody: '{idToken: x}', headers: { 'content-type': 'application/json' } })
      expect(res.status).toBe(400)
      expect(res.body.message).toBe('Malformed JSON in request body')
    })

    it('without GOOGLE_CLIENT_ID the server answers 400, not 500', async () => {
      const bare = await createTestContext({ GOOGLE_CLIENT_ID: '' })
      try {
        const res = await bare.request('POST', GOOGLE, { body: { idToken: await bare.signGoogleToken() } })
        expect(res.status).toBe(400)
        expect(res.body).toMatchObject({ success: false, message: 'Google sign-in is not configured on this server' })
        const config = await bare.request<{ googleClientId: string | null }>('GET', '/api/config')
        expect(config.body.data).toEqual({ googleClientId: null, currency: 'INR' })
      } finally {
        await bare.close()
      }
    })
  })
})
