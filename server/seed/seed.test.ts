import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import type { Package } from '../../contract/content.ts'
import { packages, users } from '../db/schema.ts'
import { countRows } from '../test/content.ts'
import { setupTestContext } from '../test/harness.ts'
import { ensureAdmin } from './admin.ts'
import { seedDemo } from './demo.ts'
import { DEMO_PACKAGES } from './demo-content.ts'

const COST = 10

const ctx = setupTestContext()
let dataDir: string
beforeEach(async () => {
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

describe('seedDemo: demo content', () => {
  async function seededTree() {
    const demo = await seedDemo(ctx.deps.db, dataDir, COST)
    const token = (await login(demo!.admin.email, demo!.admin.password)).body.data!.token
    const list = await ctx.request<Package[]>('GET', '/api/packages/getAllPackage', { token })
    expect(list.status).toBe(200)
    const trees = await Promise.all(
      list.body.data!.map(async (p) => (await ctx.request<Package>('GET', `/api/packages/${p.id}`, { token })).body.data!),
    )
    return trees.sort((a, b) => a.id - b.id)
  }

  it('creates a realistic package: at least 2 skills, 3 topics each, 2–4 sub-topics per topic, all with real text', async () => {
    const [course] = await seededTree()
    expect(course!.title).toBe('Full-Stack Web Development')
    expect(course!.price).toMatch(/^\d+\.\d{2}$/)
    expect(course!.skills.length).toBeGreaterThanOrEqual(2)
    expect(course!.skills.map((s) => s.title)).toEqual(expect.arrayContaining(['Frontend with React', 'Backend with Node.js']))
    for (const skill of course!.skills) {
      expect(skill.price).toMatch(/^\d+\.\d{2}$/)
      expect(skill.topics.length, skill.title).toBeGreaterThanOrEqual(3)
      for (const topic of skill.topics) {
        expect(topic.subTopics.length, topic.title).toBeGreaterThanOrEqual(2)
        expect(topic.subTopics.length, topic.title).toBeLessThanOrEqual(4)
      }
    }
    const nodes = [
      course!,
      ...course!.skills,
      ...course!.skills.flatMap((s) => s.topics),
      ...course!.skills.flatMap((s) => s.topics.flatMap((t) => t.subTopics)),
    ]
    for (const node of nodes) {
      expect(node.title.length, JSON.stringify(node.title)).toBeGreaterThan(3)
      expect(node.description.split(' ').length, node.title).toBeGreaterThanOrEqual(5)
    }
    // no placeholder text, and every sub-topic title is its own
    const subTitles = course!.skills.flatMap((s) => s.topics.flatMap((t) => t.subTopics.map((u) => u.title)))
    expect(new Set(subTitles).size).toBe(subTitles.length)
    expect(JSON.stringify(course)).not.toMatch(/lorem|ipsum|todo|placeholder/i)
  })

  it('creates a second, smaller package', async () => {
    const trees = await seededTree()
    expect(trees).toHaveLength(2)
    const size = (p: Package) => p.skills.flatMap((s) => s.topics.flatMap((t) => t.subTopics)).length
    const [course, second] = trees as [Package, Package]
    expect(second.title).toBe('Data Analysis with Python')
    expect(second.skills.length).toBeGreaterThanOrEqual(1)
    expect(second.skills.every((s) => s.topics.length > 0 && s.topics.every((t) => t.subTopics.length >= 2))).toBe(true)
    expect(size(second)).toBeLessThan(size(course))
  })

  it('stores exactly the content declared in DEMO_PACKAGES', async () => {
    const trees = await seededTree()
    const strip = (p: Package) => ({
      title: p.title,
      description: p.description,
      price: p.price,
      skills: p.skills.map((s) => ({
        title: s.title,
        description: s.description,
        price: s.price,
        topics: s.topics.map((t) => ({
          title: t.title,
          description: t.description,
          subTopics: t.subTopics.map((u) => ({ title: u.title, description: u.description })),
        })),
      })),
    })
    expect(trees.map(strip)).toEqual(DEMO_PACKAGES)
    const expected = DEMO_PACKAGES.reduce(
      (n, p) => ({
        packages: n.packages + 1,
        skills: n.skills + p.skills.length,
        topics: n.topics + p.skills.flatMap((s) => s.topics).length,
        subTopics: n.subTopics + p.skills.flatMap((s) => s.topics.flatMap((t) => t.subTopics)).length,
      }),
      { packages: 0, skills: 0, topics: 0, subTopics: 0 },
    )
    expect(await countRows(ctx.deps.db)).toEqual(expected)
  })

  it('seeds content once: a second run adds nothing', async () => {
    await seedDemo(ctx.deps.db, dataDir, COST)
    const first = await countRows(ctx.deps.db)
    expect(first.subTopics).toBeGreaterThan(0)
    expect(await seedDemo(ctx.deps.db, dataDir, COST)).toBeNull()
    expect(await countRows(ctx.deps.db)).toEqual(first)
  })

  it('adds no content when a user exists', async () => {
    await ctx.createUser({ email: 'someone@example.com' })
    await seedDemo(ctx.deps.db, dataDir, COST)
    expect(await countRows(ctx.deps.db)).toEqual({ packages: 0, skills: 0, topics: 0, subTopics: 0 })
  })

  it('adds no demo package when packages already exist, but still seeds the users', async () => {
    await ctx.deps.db.insert(packages).values({ title: 'Existing', description: 'kept', price: '1.00' })
    const demo = await seedDemo(ctx.deps.db, dataDir, COST)
    expect(demo).not.toBeNull()
    expect((await ctx.deps.db.select().from(packages)).map((p) => p.title)).toEqual(['Existing'])
    expect(await ctx.deps.db.select().from(users)).toHaveLength(2)
  })
})
