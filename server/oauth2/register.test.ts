import { eq } from 'drizzle-orm'
import type { User } from '../../contract/auth.ts'
import { users } from '../db/schema.ts'
import { createTestContext, setupTestContext } from '../test/harness.ts'

const REGISTER = '/api/oauth2/registerUser'
const USER_KEYS = [
  'captionsLanguage',
  'captionsOn',
  'email',
  'emailVerified',
  'familyName',
  'givenName',
  'id',
  'locale',
  'name',
  'packages',
  'pictureUrl',
  'playbackRate',
  'reminderEmails',
  'role',
]

const ctx = setupTestContext()

const register = (body: unknown) => ctx.request<User>('POST', REGISTER, { body })

describe('POST /api/oauth2/registerUser', () => {
  it('answers 201 with the new learner and no password fields', async () => {
    const res = await register({ name: 'Ann Lee', email: 'ann@example.com', password: 'secret-pass' })
    expect(res.status).toBe(201)
    expect(res.body.success).toBe(true)
    expect(res.body.status).toBe(201)
    expect(res.body.message).toBe('User Registered Successfully')
    expect(res.body.path).toBe(REGISTER)
    const user = res.body.data!
    expect(Object.keys(user).sort()).toEqual(USER_KEYS)
    expect(user).toMatchObject({ name: 'Ann Lee', email: 'ann@example.com', role: 'USER', packages: [], emailVerified: false })
    expect(Number.isInteger(user.id)).toBe(true)
    const raw = JSON.stringify(res.body)
    expect(raw).not.toMatch(/password|hash|scrypt|googleSubject/i)
    expect(raw).not.toContain('secret-pass')
  })

  it('stores a scrypt hash, never the password itself', async () => {
    await register({ name: 'Ann', email: 'ann@example.com', password: 'secret-pass' })
    const [row] = await ctx.deps.db.select().from(users).where(eq(users.email, 'ann@example.com'))
    expect(row!.passwordHash).toMatch(/^scrypt\$\d+\$8\$1\$[\w-]+\$[\w-]+$/)
    expect(row!.passwordHash).not.toContain('secret-pass')
    expect(row!.role).toBe('USER')
  })

  it('lower-cases and trims the e-mail and trims the name', async () => {
    const res = await register({ name: '  Ann  ', email: '  Ann.Lee@Example.COM ', password: 'secret-pass' })
    expect(res.status).toBe(201)
    expect(res.body.data!.email).toBe('ann.lee@example.com')
    expect(res.body.data!.name).toBe('Ann')
    const rows = await ctx.deps.db.select().from(users)
    expect(rows.map((r) => r.email)).toEqual(['ann.lee@example.com'])
  })

  it('the new account can sign in with its password', async () => {
    await register({ name: 'Ann', email: 'Ann@Example.com', password: 'secret-pass' })
    const login = await ctx.request<{ token: string; user: User }>('POST', '/api/oauth2/loginUser', {
      body: { email: 'ann@example.com', password: 'secret-pass' },
    })
    expect(login.status).toBe(200)
    expect(login.body.data!.user.email).toBe('ann@example.com')
  })

  it('refuses a duplicate e-mail with 409', async () => {
    expect((await register({ name: 'Ann', email: 'ann@example.com', password: 'secret-pass' })).status).toBe(201)
    const again = await register({ name: 'Other Ann', email: 'ann@example.com', password: 'another-pass' })
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ success: false, status: 409, message: 'Email is already registered', path: REGISTER })
    expect(again.body.data).toBeUndefined()
    const rows = await ctx.deps.db.select().from(users)
    expect(rows).toHaveLength(1)
    expect(rows[0]!.name).toBe('Ann')
  })

  it('refuses a duplicate e-mail written in a different case', async () => {
    await register({ name: 'Ann', email: 'ann@example.com', password: 'secret-pass' })
    const again = await register({ name: 'Ann', email: 'ANN@EXAMPLE.COM', password: 'secret-pass' })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('Email is already registered')
  })

  it('refuses the e-mail of an existing Google-only account', async () => {
    await ctx.deps.db
      .insert(users)
      .values({ email: 'g@example.com', name: 'G', passwordHash: null, googleSubject: 'sub-g', emailVerified: true })
    const res = await register({ name: 'G', email: 'g@example.com', password: 'secret-pass' })
    expect(res.status).toBe(409)
    expect(res.body.message).toBe('Email is already registered')
    const [row] = await ctx.deps.db.select().from(users).where(eq(users.email, 'g@example.com'))
    expect(row!.passwordHash).toBeNull()
  })

  it('two simultaneous registrations of one address: one 201, one 409', async () => {
    const body = { name: 'Ann', email: 'race@example.com', password: 'secret-pass' }
    const results = await Promise.all([register(body), register(body)])
    expect(results.map((r) => r.status).sort()).toEqual([201, 409])
    expect(await ctx.deps.db.select().from(users)).toHaveLength(1)
  })

  describe('validation', () => {
    it('names every missing field', async () => {
      const res = await register({})
      expect(res.status).toBe(400)
      expect(res.body.success).toBe(false)
      expect(res.body.status).toBe(400)
      expect(res.body.errorDetails).toEqual({ name: 'Name is required', email: 'Email is required', password: 'Password is required' })
      expect(res.body.message).toContain('name')
      expect(res.body.message).toContain('email')
      expect(res.body.message).toContain('password')
    })

    it('names every blank field', async () => {
      const res = await register({ name: '   ', email: '  ', password: '          ' })
      expect(res.status).toBe(400)
      expect(res.body.errorDetails).toEqual({
        name: 'Name is required',
        email: 'Email is required',
        password: 'Password must not be blank',
      })
    })

    it('refuses an empty password', async () => {
      const res = await register({ name: 'Ann', email: 'ann@example.com', password: '' })
      expect(res.status).toBe(400)
      expect(Object.keys(res.body.errorDetails!)).toEqual(['password'])
    })

    it('refuses a password shorter than 8 characters', async () => {
      const res = await register({ name: 'Ann', email: 'ann@example.com', password: 'short12' })
      expect(res.status).toBe(400)
      expect(res.body.errorDetails).toEqual({ password: 'Password must be at least 8 characters' })
      expect(res.body.message).toBe('password: Password must be at least 8 characters')
    })

    it('accepts a password of exactly 8 characters', async () => {
      const res = await register({ name: 'Ann', email: 'ann@example.com', password: '12345678' })
      expect(res.status).toBe(201)
    })

    it('refuses an invalid e-mail address', async () => {
      const res = await register({ name: 'Ann', email: 'not-an-email', password: 'secret-pass' })
      expect(res.status).toBe(400)
      expect(res.body.errorDetails).toEqual({ email: 'Email must be a valid e-mail address' })
    })

    it('refuses over-long fields', async () => {
      const res = await register({ name: 'n'.repeat(121), email: `${'e'.repeat(250)}@example.com`, password: 'p'.repeat(201) })
      expect(res.status).toBe(400)
      expect(res.body.errorDetails).toEqual({ name: 'Name is too long', email: 'Email is too long', password: 'Password is too long' })
    })

    it('refuses wrong types, naming the field', async () => {
      const res = await register({ name: 12345, email: ['ann@example.com'], password: true })
      expect(res.status).toBe(400)
      expect(Object.keys(res.body.errorDetails!).sort()).toEqual(['email', 'name', 'password'])
    })

    it('refuses a number for the name', async () => {
      const res = await register({ name: 42, email: 'ann@example.com', password: 'secret-pass' })
      expect(res.status).toBe(400)
      expect(Object.keys(res.body.errorDetails!)).toEqual(['name'])
      expect(await ctx.deps.db.select().from(users)).toHaveLength(0)
    })

    it('answers malformed JSON with a 400 envelope, not a 500', async () => {
      const res = await ctx.request('POST', REGISTER, {
        rawBody: '{"name": "Ann", "email": ',
        headers: { 'content-type': 'application/json' },
      })
      expect(res.status).toBe(400)
      expect(res.body).toMatchObject({ success: false, status: 400, message: 'Malformed JSON in request body', path: REGISTER })
    })

    it('answers an empty body with a 400', async () => {
      const res = await ctx.request('POST', REGISTER, { rawBody: '', headers: { 'content-type': 'application/json' } })
      expect(res.status).toBe(400)
      expect(res.body.success).toBe(false)
    })

    it('answers a JSON array body with a 400', async () => {
      const res = await register([{ name: 'Ann', email: 'ann@example.com', password: 'secret-pass' }])
      expect(res.status).toBe(400)
      expect(res.body).toMatchObject({ success: false, status: 400, message: 'Request body must be a JSON object' })
    })

    it('answers a JSON null or string body with a 400', async () => {
      for (const body of [null, 'ann@example.com', 42]) {
        const res = await ctx.request('POST', REGISTER, { rawBody: JSON.stringify(body), headers: { 'content-type': 'application/json' } })
        expect(res.status).toBe(400)
        expect(res.body.success).toBe(false)
      }
    })

    it('answers a non-JSON content type with 415', async () => {
      const body = JSON.stringify({ name: 'Ann', email: 'ann@example.com', password: 'secret-pass' })
      for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
        const res = await ctx.request('POST', REGISTER, { rawBody: body, headers: { 'content-type': type } })
        expect(res.status).toBe(415)
        expect(res.body).toMatchObject({ success: false, status: 415, message: 'Content-Type must be application/json' })
      }
      expect(await ctx.deps.db.select().from(users)).toHaveLength(0)
    })

    it('accepts application/json with a charset', async () => {
      const body = JSON.stringify({ name: 'Ann', email: 'ann@example.com', password: 'secret-pass' })
      const res = await ctx.request('POST', REGISTER, { rawBody: body, headers: { 'content-type': 'application/json; charset=utf-8' } })
      expect(res.status).toBe(201)
    })

    it('answers a body over 1 MiB with 413', async () => {
      const res = await register({ name: 'Ann', email: 'ann@example.com', password: 'secret-pass', padding: 'x'.repeat(1024 * 1024) })
      expect(res.status).toBe(413)
      expect(res.body).toMatchObject({ success: false, status: 413 })
      expect(res.body.message).toMatch(/1 MiB/)
      expect(await ctx.deps.db.select().from(users)).toHaveLength(0)
    })

    it('a body just under 1 MiB is read (and validated)', async () => {
      const res = await register({ name: 'n'.repeat(1000 * 1000), email: 'ann@example.com', password: 'secret-pass' })
      expect(res.status).toBe(400)
      expect(res.body.errorDetails).toEqual({ name: 'Name is too long' })
    })
  })

  it("refuses registrations past REGISTRATIONS_PER_HOUR from one address with 429 'Too many accounts…'; other addresses and the next hour may", async () => {
    const limited = await createTestContext({ REGISTRATIONS_PER_HOUR: '2' })
    try {
      const from = (address: string, n: number) =>
        limited.request<User>('POST', REGISTER, {
          body: { name: 'Ann', email: `ann${n}@example.com`, password: 'secret-pass' },
          headers: { 'x-forwarded-for': address },
        })
      expect((await from('203.0.113.5', 1)).status).toBe(201)
      expect((await from('203.0.113.5', 2)).status).toBe(201)
      const third = await from('203.0.113.5', 3)
      expect(third.status).toBe(429)
      expect(third.body).toMatchObject({ success: false, message: 'Too many accounts were registered from your address. Try again later.' })
      expect(await limited.deps.db.select().from(users).where(eq(users.email, 'ann3@example.com'))).toEqual([])
      expect((await from('198.51.100.7', 4)).status).toBe(201)
      limited.now = new Date(limited.now.getTime() + 3_600_001)
      expect((await from('203.0.113.5', 5)).status).toBe(201)
    } finally {
      await limited.close()
    }
  })
})
