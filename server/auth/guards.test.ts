import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import type { AppEnv } from '../deps.ts'
import { users } from '../db/schema.ts'
import { onError } from '../http/errors.ts'
import { setupTestContext } from '../test/harness.ts'
import { createGuards } from './guards.ts'

const ctx = setupTestContext()
let app: Hono<AppEnv>
beforeAll(() => {
  const guards = createGuards(ctx.deps)
  app = new Hono<AppEnv>()
    .get('/learner', guards.requireUser, (c) => c.json(c.var.user))
    .get('/admin', guards.requireAdmin, (c) => c.json(c.var.user))
  app.onError(onError)
})

const call = async (path: string, token?: string) => {
  const res = await app.request(path, { headers: token ? { authorization: `Bearer ${token}` } : {} })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

describe('requireUser', () => {
  it('sets the user (id and role) for a valid token', async () => {
    const { user, token } = await ctx.createUser()
    const res = await call('/learner', token)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ id: user.id, role: 'USER' })
  })

  it('answers 401 without a token', async () => {
    const res = await call('/learner')
    expect(res.status).toBe(401)
    expect(res.body).toMatchObject({ success: false, status: 401 })
  })
})

describe('requireAdmin', () => {
  it('lets an admin through', async () => {
    const { user, token } = await ctx.createUser({ role: 'admin' })
    const res = await call('/admin', token)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ id: user.id, role: 'admin' })
  })

  it('answers a learner 403', async () => {
    const { token } = await ctx.createUser()
    const res = await call('/admin', token)
    expect(res.status).toBe(403)
    expect(res.body).toMatchObject({ success: false, status: 403, message: 'Administrators only' })
  })

  it('answers 401 (not 403) without a token', async () => {
    expect((await call('/admin')).status).toBe(401)
  })

  it('reads the role from the database: a demoted admin is refused at once, a promoted learner let in', async () => {
    const admin = await ctx.createUser({ role: 'admin' })
    const learner = await ctx.createUser()
    await ctx.deps.db.update(users).set({ role: 'USER' }).where(eq(users.id, admin.user.id))
    await ctx.deps.db.update(users).set({ role: 'admin' }).where(eq(users.id, learner.user.id))
    expect((await call('/admin', admin.token)).status).toBe(403)
    const promoted = await call('/admin', learner.token)
    expect(promoted.status).toBe(200)
    expect(promoted.body).toEqual({ id: learner.user.id, role: 'admin' })
  })

  it('answers 401 for a deleted admin', async () => {
    const admin = await ctx.createUser({ role: 'admin' })
    await ctx.deps.db.delete(users).where(eq(users.id, admin.user.id))
    expect((await call('/admin', admin.token)).status).toBe(401)
  })
})
