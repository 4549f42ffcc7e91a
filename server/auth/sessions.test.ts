import type { LoginResponse, User } from '../../contract/auth.ts'
import { setupTestContext } from '../test/harness.ts'

/** Every session token carries the account's session version; raising it ends them all. */

const ctx = setupTestContext()

const me = (token: string) => ctx.request<User>('GET', '/api/user/getUserByEmail', { token })
const login = (email: string, password: string) =>
  ctx.request<LoginResponse>('POST', '/api/oauth2/loginUser', { body: { email, password } })
const linkToken = (text: string) => new URL(/https?:\/\/\S+/.exec(text)![0]).searchParams.get('token')!

/** A signed-in account with two sessions (two devices). */
async function twoSessions(options: { role?: 'admin' | 'USER' } = {}) {
  const account = await ctx.createUser({ email: 'ann@example.com', password: 'old-password', ...options })
  const other = await login('ann@example.com', 'old-password')
  expect(other.status).toBe(200)
  return { account, first: account.token, second: other.body.data!.token }
}

describe('session version', () => {
  it('a password reset ends every session', async () => {
    const { first, second } = await twoSessions()
    await ctx.request('POST', '/api/user/forgot-password', { body: { email: 'ann@example.com' } })
    const res = await ctx.request('POST', '/api/user/reset-password', {
      body: { token: linkToken(ctx.outbox[0]!.text), password: 'new-password' },
    })
    expect(res.status).toBe(200)
    expect((await me(first)).status).toBe(401)
    expect((await me(second)).status).toBe(401)
    expect((await login('ann@example.com', 'new-password')).status).toBe(200)
  })

  it('a password change ends the other sessions; the changer gets a fresh token that works', async () => {
    const { first, second } = await twoSessions()
    const res = await ctx.request<LoginResponse>('PUT', '/api/user/password', {
      token: first,
      body: { currentPassword: 'old-password', newPassword: 'new-password' },
    })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Password changed')
    expect(res.body.data!.user).toMatchObject({ email: 'ann@example.com' })
    const fresh = res.body.data!.token
    expect((await me(second)).status).toBe(401)
    expect((await me(first)).status).toBe(401)
    expect((await me(fresh)).status).toBe(200)
  })

  it("an admin changing someone's role ends that person's sessions", async () => {
    const admin = await ctx.createUser({ role: 'admin' })
    const { account, first, second } = await twoSessions()
    const res = await ctx.request('PUT', `/api/user/${account.user.id}/role`, { token: admin.token, body: { role: 'admin' } })
    expect(res.status).toBe(200)
    expect((await me(first)).status).toBe(401)
    expect((await me(second)).status).toBe(401)
    const again = await login('ann@example.com', 'old-password')
    expect((await ctx.request('GET', '/api/user/all', { token: again.body.data!.token })).status).toBe(200)
    // Setting the same role again changes nothing, so it ends nothing.
    await ctx.request('PUT', `/api/user/${account.user.id}/role`, { token: admin.token, body: { role: 'admin' } })
    expect((await me(again.body.data!.token)).status).toBe(200)
  })

  it('an admin who makes themselves a learner keeps this session, with learner rights at once', async () => {
    const admin = await ctx.createUser({ role: 'admin' })
    await ctx.createUser({ role: 'admin' })
    expect((await ctx.request('PUT', `/api/user/${admin.user.id}/role`, { token: admin.token, body: { role: 'USER' } })).status).toBe(200)
    expect((await me(admin.token)).status).toBe(200)
    expect((await ctx.request('GET', '/api/user/all', { token: admin.token })).status).toBe(403)
  })

  it("'Sign out everywhere' ends every session, the caller's too; signing in again works", async () => {
    const { first, second } = await twoSessions()
    const bob = await ctx.createUser()
    const res = await ctx.request('POST', '/api/user/sessions/revoke', { token: second })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Signed out everywhere')
    expect((await me(first)).status).toBe(401)
    expect((await me(second)).status).toBe(401)
    expect((await me(bob.token)).status).toBe(200)
    const again = await login('ann@example.com', 'old-password')
    expect((await me(again.body.data!.token)).status).toBe(200)
    expect((await ctx.request('POST', '/api/user/sessions/revoke')).status).toBe(401)
  })
})

describe('why a session ended', () => {
  const SIGNED_OUT_EVERYWHERE = { code: 'signed-out-everywhere', message: 'You signed out on all devices. Sign in again.' }

  it("a session ended by 'Sign out everywhere' is answered 401 with a code that says so, on every device", async () => {
    const { first, second } = await twoSessions()
    expect((await ctx.request('POST', '/api/user/sessions/revoke', { token: second })).status).toBe(200)
    for (const token of [first, second]) {
      const res = await me(token)
      expect(res.status).toBe(401)
      expect(res.body).toMatchObject({ success: false, ...SIGNED_OUT_EVERYWHERE })
    }
  })

  it('a session ended by a password change, or a bad token, does not claim to be signed out everywhere', async () => {
    const { first, second } = await twoSessions()
    const changed = await ctx.request<LoginResponse>('PUT', '/api/user/password', {
      token: first,
      body: { currentPassword: 'old-password', newPassword: 'new-password' },
    })
    expect(changed.status).toBe(200)
    const ended = await me(second)
    expect(ended.status).toBe(401)
    expect(ended.body.code).toBeUndefined()
    expect(ended.body.message).toBe('Your session has ended. Sign in again.')
    const garbage = await me('not.a.token')
    expect(garbage.status).toBe(401)
    expect(garbage.body.code).toBeUndefined()
  })

  it('a session begun after signing out everywhere and ended by a password change is not reported as signed out everywhere', async () => {
    const { second } = await twoSessions()
    await ctx.request('POST', '/api/user/sessions/revoke', { token: second })
    const later = (await login('ann@example.com', 'old-password')).body.data!.token
    const other = (await login('ann@example.com', 'old-password')).body.data!.token
    await ctx.request('PUT', '/api/user/password', { token: later, body: { currentPassword: 'old-password', newPassword: 'new-password' } })
    const ended = await me(other)
    expect(ended.status).toBe(401)
    expect(ended.body.code).toBeUndefined()
    // The token from before the sign-out still says why it ended.
    expect((await me(second)).body).toMatchObject(SIGNED_OUT_EVERYWHERE)
  })
})
