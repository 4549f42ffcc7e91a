import { eq } from 'drizzle-orm'
import type { User } from '../../contract/auth.ts'
import { groups, packages, skills, users, videoProgress } from '../db/schema.ts'
import { createTestContext, setupTestContext, type TestContext } from '../test/harness.ts'
import { assignmentApi } from '../test/assignments.ts'
import { progressFixture } from '../test/progress.ts'

/**
 * The home (GET /api/user/getUserByEmail) is answered from memory until the database says something it shows
 * changed: every change below must show at the very next read, on this instance and on another.
 */
const ME = '/api/user/getUserByEmail'
const DAY = 86_400_000
const ctx = setupTestContext()

const me = async (token: string, on: TestContext = ctx) => {
  const res = await on.request<User>('GET', ME, { token })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.data!
}

/** Two reads (the guard's row and the answer are then kept), then the count of statements the next read runs. */
async function queriesOfWarmRead(token: string): Promise<number> {
  await me(token)
  await me(token)
  ctx.queries.count = 0
  await me(token)
  return ctx.queries.count
}

describe(`the home from memory (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('answers a repeated read and its revalidation with no statement at all', async () => {
    const api = assignmentApi(ctx)
    await api.signInAdmin()
    const pkg = await api.packageWithVideo('Kept')
    const learner = await ctx.createUser()
    await api.setDirect(learner.user.id, pkg.packageId)
    await api.watch(pkg.videoId, learner.token)
    expect(await queriesOfWarmRead(learner.token)).toBe(0)

    const first = await ctx.request<User>('GET', ME, { token: learner.token })
    const tag = first.headers.get('etag')!
    expect(tag).toMatch(/^W\/"account-/)
    ctx.queries.count = 0
    const again = await ctx.request('GET', ME, { token: learner.token, headers: { 'if-none-match': tag } })
    expect(again.status).toBe(304)
    expect(again.headers.get('etag')).toBe(tag)
    expect(ctx.queries.count).toBe(0)
  })

  it('answers what the full read of the account answers, and reads it again in at most 8 statements', async () => {
    const api = assignmentApi(ctx)
    await api.signInAdmin()
    const [first, second, third] = [
      await api.packageWithVideo('One'),
      await api.packageWithVideo('Two'),
      await api.packageWithVideo('Three'),
    ]
    const learner = await ctx.createUser()
    const group = await api.createGroup('Ward')
    await api.addMembers(group.id, [learner.user.id])
    await api.giveGroup(group.id, second.packageId, { dueAt: api.inDays(3) })
    await api.setDirect(learner.user.id, first.packageId, { dueDays: 4 })
    await api.setDirect(learner.user.id, third.packageId)
    await api.watch(third.videoId, learner.token)
    const home = await me(learner.token)
    expect(home.packages.map((p) => p.status)).toEqual(['not-started', 'not-started', 'completed'])
    const full = await ctx.request<User>('GET', `/api/user/getUserById?id=${learner.user.id}`, { token: learner.token })
    expect(home).toEqual(full.body.data)

    await ctx.request('PUT', '/api/user/profile', { token: learner.token, body: { name: 'Read again' } })
    ctx.queries.count = 0
    expect((await me(learner.token)).name).toBe('Read again')
    // The progress stamp (a package here is not started), then the learner's own rows.
    expect(ctx.queries.count).toBeLessThanOrEqual(8)
  })

  it("shows the account's own changes and its assignments' at the next read", async () => {
    const api = assignmentApi(ctx)
    await api.signInAdmin()
    const pkg = await api.packageWithVideo('Direct')
    const learner = await ctx.createUser({ name: 'Before' })
    const tagOf = async () => (await ctx.request('GET', ME, { token: learner.token })).headers.get('etag')
    await me(learner.token)
    const before = await tagOf()

    expect((await ctx.request('PUT', '/api/user/profile', { token: learner.token, body: { name: 'After' } })).status).toBe(200)
    expect((await me(learner.token)).name).toBe('After')
    expect(await tagOf()).not.toBe(before)

    expect((await api.setDirect(learner.user.id, pkg.packageId)).status).toBe(200)
    expect((await me(learner.token)).packages.map((p) => p.title)).toEqual(['Direct package'])

    const dueAt = api.inDays(10)
    expect((await api.setDirect(learner.user.id, pkg.packageId, { dueAt })).status).toBe(200)
    expect((await me(learner.token)).packages[0]).toMatchObject({ dueAt, directDue: { dueAt } })

    expect((await api.unassign(learner.user.id, pkg.packageId)).status).toBe(200)
    expect((await me(learner.token)).packages).toEqual([])
  })

  it("shows a package's new title and a new skill, for every learner holding it", async () => {
    const api = assignmentApi(ctx)
    await api.signInAdmin()
    const pkg = await api.packageWithVideo('Titled')
    const learners = [await ctx.createUser(), await ctx.createUser()]
    for (const learner of learners) await api.setDirect(learner.user.id, pkg.packageId)
    for (const learner of learners) await me(learner.token)

    await ctx.deps.db.update(packages).set({ title: 'Retitled' }).where(eq(packages.id, pkg.packageId))
    for (const learner of learners) expect((await me(learner.token)).packages[0]!.title).toBe('Retitled')

    await ctx.deps.db.insert(skills).values({ packageId: pkg.packageId, title: 'Second skill', description: 'More', price: '1.00' })
    for (const learner of learners) expect((await me(learner.token)).packages[0]!.skills.map((s) => s.title)).toContain('Second skill')
  })

  it("shows a group's package, its due date, the group's new name and leaving the group", async () => {
    const api = assignmentApi(ctx)
    await api.signInAdmin()
    const pkg = await api.packageWithVideo('Grouped')
    const learner = await ctx.createUser()
    const group = await api.createGroup('Nurses')
    expect((await api.addMembers(group.id, [learner.user.id])).status).toBe(200)
    expect((await me(learner.token)).packages).toEqual([])

    expect((await api.giveGroup(group.id, pkg.packageId)).status).toBe(200)
    expect((await me(learner.token)).packages[0]).toMatchObject({ title: 'Grouped package', groups: [{ id: group.id, name: 'Nurses' }] })

    const dueAt = api.inDays(5)
    expect((await api.giveGroup(group.id, pkg.packageId, { dueAt })).status).toBe(200)
    expect((await me(learner.token)).packages[0]!.dueAt).toBe(dueAt)

    await ctx.deps.db.update(groups).set({ name: 'Midwives' }).where(eq(groups.id, group.id))
    expect((await me(learner.token)).packages[0]!.groups).toEqual([{ id: group.id, name: 'Midwives' }])

    expect((await api.removeMember(group.id, learner.user.id)).status).toBe(200)
    expect((await me(learner.token)).packages).toEqual([])

    const doomed = await api.createGroup('Porters')
    await api.addMembers(doomed.id, [learner.user.id])
    await api.giveGroup(doomed.id, pkg.packageId)
    expect((await me(learner.token)).packages[0]!.groups).toEqual([{ id: doomed.id, name: 'Porters' }])
    expect((await api.deleteGroup(doomed.id)).status).toBe(200)
    expect((await me(learner.token)).packages).toEqual([])
  })

  it('shows the first progress and the completion; progress in a package already started reads nothing', async () => {
    const { learner, addVideo, heartbeat, later } = await progressFixture(ctx)
    const videoId = await addVideo(100)
    expect((await me(learner.token)).packages[0]!.status).toBe('not-started')
    // Without progress rows in the package, the first one notifies: the answer is kept with no stamp to read.
    expect(await queriesOfWarmRead(learner.token)).toBe(0)

    later(30)
    expect((await heartbeat(videoId, { position: 10, watched: [[0, 10]] })).status).toBe(200)
    expect((await me(learner.token)).packages[0]!.status).toBe('in-progress')

    await me(learner.token)
    later(30)
    expect((await heartbeat(videoId, { position: 20, watched: [[10, 20]] })).status).toBe(200)
    ctx.queries.count = 0
    expect((await me(learner.token)).packages[0]!.status).toBe('in-progress')
    expect(ctx.queries.count).toBe(0)

    // The rest of the package: the video watched to the end, and the second sub-topic's (empty, so not counted).
    for (let from = 20; from < 100; from += 20) {
      later(30)
      expect((await heartbeat(videoId, { position: from + 20, watched: [[from, from + 20]] })).status).toBe(200)
    }
    const done = (await me(learner.token)).packages[0]!
    expect(done.status).toBe('completed')
    expect(done.completedAt).not.toBeNull()
  })

  it('reads again when progress goes away: a removed progress row leaves the package not started', async () => {
    const { learner, addVideo, heartbeat, later } = await progressFixture(ctx)
    const videoId = await addVideo(100)
    later(30)
    await heartbeat(videoId, { position: 10, watched: [[0, 10]] })
    expect((await me(learner.token)).packages[0]!.status).toBe('in-progress')
    await ctx.deps.db.delete(videoProgress).where(eq(videoProgress.userId, learner.id))
    expect((await me(learner.token)).packages[0]!.status).toBe('not-started')
  })

  it('turns a package overdue once its due date passes, with no write at all', async () => {
    const api = assignmentApi(ctx)
    await api.signInAdmin()
    const pkg = await api.packageWithVideo('Due')
    const learner = await ctx.createUser()
    await api.setDirect(learner.user.id, pkg.packageId, { dueAt: api.inDays(2) })
    expect((await me(learner.token)).packages[0]!.status).toBe('not-started')
    ctx.now = new Date(ctx.now.getTime() + 3 * DAY)
    const token = await api.learnerToken(learner.user.id)
    expect((await me(token)).packages[0]!.status).toBe('overdue')
  })

  it("keeps one learner's answer when another learner's changes", async () => {
    const api = assignmentApi(ctx)
    await api.signInAdmin()
    const pkg = await api.packageWithVideo('Apart')
    const [ann, bob] = [await ctx.createUser(), await ctx.createUser()]
    for (const learner of [ann, bob]) {
      await api.setDirect(learner.user.id, pkg.packageId)
      await api.watch(pkg.videoId, learner.token)
    }
    await me(ann.token)
    await me(bob.token)
    await ctx.deps.db.update(users).set({ name: 'Bob again' }).where(eq(users.id, bob.user.id))
    await api.setDirect(bob.user.id, pkg.packageId, { dueDays: 9 })
    expect(await queriesOfWarmRead(ann.token)).toBe(0)
    expect((await me(bob.token)).name).toBe('Bob again')
  })

  it('reads the database every time while the change feed is down, with the same ETag rule', async () => {
    const learner = await ctx.createUser({ name: 'Up' })
    await me(learner.token)
    const down = vi.spyOn(ctx.database.changes, 'live', 'get').mockReturnValue(false)
    try {
      await ctx.deps.db.update(users).set({ name: 'Down' }).where(eq(users.id, learner.user.id))
      ctx.queries.count = 0
      const first = await ctx.request<User>('GET', ME, { token: learner.token })
      expect(first.body.data!.name).toBe('Down')
      expect(ctx.queries.count).toBeGreaterThan(0)
      const tag = first.headers.get('etag')!
      expect((await ctx.request('GET', ME, { token: learner.token, headers: { 'if-none-match': tag } })).status).toBe(304)
      ctx.queries.count = 0
      expect((await me(learner.token)).name).toBe('Down')
      expect(ctx.queries.count).toBeGreaterThan(0)
    } finally {
      down.mockRestore()
    }
  })

  it("shows a change made through another instance at that instance's next read", async () => {
    const other = await createTestContext({}, { otherInstance: true })
    try {
      const api = assignmentApi(ctx)
      await api.signInAdmin()
      const pkg = await api.packageWithVideo('Elsewhere')
      const learner = await ctx.createUser({ name: 'Here' })
      const onB = await other.deps.tokens.sign({ userId: learner.user.id, role: 'USER' })
      await me(onB, other)
      await me(onB, other)
      await api.setDirect(learner.user.id, pkg.packageId)
      expect((await me(onB, other)).packages.map((p) => p.id)).toEqual([pkg.packageId])
      await ctx.request('PUT', '/api/user/profile', { token: learner.token, body: { name: 'There' } })
      expect((await me(onB, other)).name).toBe('There')
      await api.watch(pkg.videoId, learner.token)
      expect((await me(onB, other)).packages[0]!.status).toBe('completed')
    } finally {
      await other.close()
    }
  })
})
