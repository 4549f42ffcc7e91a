import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { users } from '../db/schema.ts'
import { createTestContext, type TestContext } from '../test/harness.ts'
import { ensureAdmin } from './admin.ts'
import { seedDemo } from './demo.ts'

const COST = 10

let ctx: TestContext
let dataDir: string
beforeAll(async () => {
  ctx = await createTestContext()
})
afterAll(() => ctx.close())
beforeEach(async () => {
  await ctx.reset()
  dataDir = mkdtempSync(path.join(tmpdir(), 'learnpack-seed-'))
})
afterEach(() => rmSync(dataDir, { recursive: true, force: true }))

const login = (email: string, password: string) =>
  ctx.request<{ token: string; user: { role: string } }>('POST', '/api/oauth2/loginUser', { body: { email, password } })

describe('ensureAdmin', () => {
  it('creates the admin, who can then sign in as admin', async () => {
    expect(await ensureAdmin(ctx.deps.db, { email: 'root@example.com', password: 'first-password' }, COST)).toBe('created')
    const rows = await ctx.deps.db.select().from(users)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ email: 'root@example.com', role: 'admin', emailVerified: true })
    const res = await login('root@example.com', 'first-password')
    expect(res.status).toBe(200)
    expect(res.body.data!.user.role).toBe('admin')
  })

  it('resets an existing admin: new password works, old one does not, role back to admin', async () => {
    await ensureAdmin(ctx.deps.db, { email: 'root@example.com', password: 'first-password' }, COST)
    const [before] = await ctx.deps.db.select().from(users)
    await ctx.deps.db.update(users).set({ role: 'USER' }).where(eq(users.id, before!.id))

    expect(await ensureAdmin(ctx.deps.db, { email: 'root@example.com', password: 'second-password' }, COST)).toBe('reset')
    const rows = await ctx.deps.db.select().from(users)
    expect(rows).toHaveLength(1)
    expect(rows[0]!.id).toBe(before!.id)
    expect(rows[0]!.role).toBe('admin')
    expect(rows[0]!.passwordHash).not.toBe(before!.passwordHash)

    expect((await login('root@example.com', 'first-password')).status).toBe(401)
    const res = await login('root@example.com', 'second-password')
    expect(res.status).toBe(200)
    expect(res.body.data!.user.role).toBe('admin')
  })

  it('promotes an existing learner with that e-mail and keeps the others untouched', async () => {
    const learner = await ctx.createUser({ email: 'root@example.com', name: 'Was A Learner' })
    const other = await ctx.createUser({ email: 'other@example.com' })
    expect(await ensureAdmin(ctx.deps.db, { email: 'root@example.com', password: 'admin-password' }, COST)).toBe('reset')
    const [promoted] = await ctx.deps.db.select().from(users).where(eq(users.id, learner.user.id))
    expect(promoted).toMatchObject({ role: 'admin', name: 'Was A Learner' })
    const [untouched] = await ctx.deps.db.select().from(users).where(eq(users.id, other.user.id))
    expect(untouched!.role).toBe('USER')
    expect((await login('other@example.com', other.password)).status).toBe(200)
  })
})

describe('seedDemo', () => {
  it('seeds one admin and one learner into an empty database and writes their credentials', async () => {
    const demo = await seedDemo(ctx.deps.db, dataDir, COST)
    expect(demo).not.toBeNull()
    const rows = await ctx.deps.db.select().from(users)
    expect(rows.map((r) => [r.email, r.role]).sort()).toEqual([
      ['admin@learnpack.local', 'admin'],
      ['learner@learnpack.local', 'USER'],
    ])
    expect(demo!.admin.password).not.toBe(demo!.learner.password)

    const file = path.join(dataDir, 'demo-credentials.json')
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(demo)
    expect(statSync(file).mode & 0o077).toBe(0)

    const admin = await login(demo!.admin.email, demo!.admin.password)
    expect(admin.status).toBe(200)
    expect(admin.body.data!.user.role).toBe('admin')
    const learner = await login(demo!.learner.email, demo!.learner.password)
    expect(learner.status).toBe(200)
    expect(learner.body.data!.user.role).toBe('USER')
  })

  it('uses different random passwords per install', async () => {
    const first = await seedDemo(ctx.deps.db, dataDir, COST)
    await ctx.reset()
    const second = await seedDemo(ctx.deps.db, dataDir, COST)
    expect(second!.admin.password).not.toBe(first!.admin.password)
    expect(second!.learner.password).not.toBe(first!.learner.password)
  })

  it('seeds once: the second run is a no-op', async () => {
    const first = await seedDemo(ctx.deps.db, dataDir, COST)
    const hashes = (await ctx.deps.db.select().from(users)).map((r) => r.passwordHash)
    expect(await seedDemo(ctx.deps.db, dataDir, COST)).toBeNull()
    const rows = await ctx.deps.db.select().from(users)
    expect(rows).toHaveLength(2)
    expect(rows.map((r) => r.passwordHash)).toEqual(hashes)
    expect((await login(first!.admin.email, first!.admin.password)).status).toBe(200)
  })

  it('does nothing when any user exists', async () => {
    await ctx.createUser({ email: 'someone@example.com' })
    expect(await seedDemo(ctx.deps.db, dataDir, COST)).toBeNull()
    const rows = await ctx.deps.db.select().from(users)
    expect(rows.map((r) => r.email)).toEqual(['someone@example.com'])
    expect(existsSync(path.join(dataDir, 'demo-credentials.json'))).toBe(false)
  })
})
