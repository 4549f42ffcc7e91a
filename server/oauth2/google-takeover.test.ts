import { eq } from 'drizzle-orm'
import type { LoginResponse, User } from '../../contract/auth.ts'
import { users } from '../db/schema.ts'
import { setupTestContext } from '../test/harness.ts'

/**
 * An attacker registers the victim's address with a password and never verifies it.
 * A Google sign-in by the real owner must not keep the attacker's password (nor the attacker's sessions).
 */

const ctx = setupTestContext()

const VICTIM = 'victim@example.com'
const ATTACKER_PASSWORD = 'attacker-pass'

const register = () =>
  ctx.request<User>('POST', '/api/oauth2/registerUser', { body: { name: 'Not The Owner', email: VICTIM, password: ATTACKER_PASSWORD } })
const passwordLogin = (password = ATTACKER_PASSWORD) =>
  ctx.request<LoginResponse>('POST', '/api/oauth2/loginUser', { body: { email: VICTIM, password } })
const googleLogin = async () =>
  ctx.request<LoginResponse>('POST', '/api/oauth2/login', {
    body: { idToken: await ctx.signGoogleToken({ email: VICTIM, sub: 'victim-sub', name: 'Real Owner' }) },
  })
const me = (token: string) => ctx.request('GET', '/api/user/getUserByEmail', { token })
const storedRow = async () => (await ctx.deps.db.select().from(users).where(eq(users.email, VICTIM)))[0]!

describe('Google sign-in on an address someone registered with a password', () => {
  it('attacker first, unverified: the Google owner takes the account over; the password and its sessions stop working', async () => {
    expect((await register()).status).toBe(201)
    const attacker = await passwordLogin()
    expect(attacker.status).toBe(200)
    ctx.outbox.length = 0

    const owner = await googleLogin()
    expect(owner.status).toBe(200)
    expect(owner.body.data!.user).toMatchObject({ email: VICTIM, name: 'Real Owner', emailVerified: true })

    expect((await passwordLogin()).status).toBe(401)
    expect((await me(attacker.body.data!.token)).status).toBe(401)
    expect((await me(owner.body.data!.token)).status).toBe(200)
    const row = await storedRow()
    expect(row).toMatchObject({ passwordHash: null, googleSubject: 'victim-sub', emailVerified: true })

    // The owner is told what happened.
    expect(ctx.outbox).toHaveLength(1)
    expect(ctx.outbox[0]!.to).toBe(VICTIM)
    expect(ctx.outbox[0]!.subject).toMatch(/Google/)
    expect(ctx.outbox[0]!.text).toMatch(/password .*removed/)
  })

  it('Google first: the address is taken, so registering it is a 409 and no password signs in', async () => {
    expect((await googleLogin()).status).toBe(200)
    expect((await register()).status).toBe(409)
    expect((await passwordLogin()).status).toBe(401)
    expect((await storedRow()).passwordHash).toBeNull()
  })

  it('an account whose e-mail was verified is linked as before: its password and sessions stay', async () => {
    const account = await ctx.createUser({ email: VICTIM, password: 'owners-password' })
    const owner = await googleLogin()
    expect(owner.status).toBe(200)
    expect(owner.body.data!.user.id).toBe(account.user.id)
    expect((await passwordLogin('owners-password')).status).toBe(200)
    expect((await me(account.token)).status).toBe(200)
    expect(ctx.outbox).toHaveLength(0)
  })

  it('an unverified account without a password is linked and verified, with no mail', async () => {
    await ctx.deps.db.insert(users).values({ email: VICTIM, name: 'No Password', passwordHash: null, emailVerified: false })
    const owner = await googleLogin()
    expect(owner.status).toBe(200)
    expect(await storedRow()).toMatchObject({ googleSubject: 'victim-sub', emailVerified: true, sessionVersion: 0 })
    expect(ctx.outbox).toHaveLength(0)
  })
})
