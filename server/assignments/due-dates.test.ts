import { sql } from 'drizzle-orm'
import type { User } from '../../contract/auth.ts'
import { notifications } from '../db/schema.ts'
import { assignmentApi } from '../test/assignments.ts'
import { setupTestContext } from '../test/harness.ts'
import { assignmentsWithDue } from './due.ts'

const ctx = setupTestContext()
const api = assignmentApi(ctx)

let ann: { id: number; token: string }
beforeEach(async () => {
  await api.signInAdmin()
  const user = await ctx.createUser({ name: 'Ann' })
  ann = { id: user.user.id, token: user.token }
})

const only = async (userId: number) => {
  const list = await api.packagesOf(userId)
  expect(list).toHaveLength(1)
  return list[0]!
}

describe('the due date that counts', () => {
  it('is the earliest of the direct assignment and every group; a group’s dueDays run from when the learner joined', async () => {
    const safety = await api.packageWithVideo('Safety')
    const early = await api.createGroup('Early')
    const late = await api.createGroup('Late')
    const start = ctx.now.getTime()
    const day = 86_400_000
    // Late gives the package now, due 5 days after a member joins; Ann joins Late 10 days later: due day 15.
    await api.giveGroup(late.id, safety.packageId, { dueDays: 5, reminderDays: [3] })
    await api.laterBy(10)
    await api.addMembers(late.id, [ann.id])
    expect((await only(ann.id)).dueAt).toBe(new Date(start + 15 * day).toISOString())

    // Directly: due on day 20, later than the group's, so day 15 still counts.
    await api.setDirect(ann.id, safety.packageId, { dueAt: new Date(start + 20 * day).toISOString() })
    expect((await only(ann.id)).dueAt).toBe(new Date(start + 15 * day).toISOString())

    // Early: a fixed date on day 12, the earliest now, with its own reminder offsets.
    await api.giveGroup(early.id, safety.packageId, { dueAt: new Date(start + 12 * day).toISOString(), reminderDays: [2, 1] })
    await api.addMembers(early.id, [ann.id])
    expect((await only(ann.id)).dueAt).toBe(new Date(start + 12 * day).toISOString())
    const [due] = await assignmentsWithDue(ctx.deps.db, sql`up.user_id = ${ann.id}`)
    expect(due).toMatchObject({ dueAt: new Date(start + 12 * day), reminderDays: [2, 1] })

    // A direct due date earlier than both wins; leaving Early brings back the next earliest.
    await api.setDirect(ann.id, safety.packageId, { dueAt: new Date(start + 11 * day).toISOString(), reminderDays: [] })
    expect((await only(ann.id)).dueAt).toBe(new Date(start + 11 * day).toISOString())
    await api.setDirect(ann.id, safety.packageId, {})
    await api.removeMember(early.id, ann.id)
    expect((await only(ann.id)).dueAt).toBe(new Date(start + 15 * day).toISOString())
  })

  it('a direct dueDays runs from the assignment; without any due setting there is no due date', async () => {
    const safety = await api.packageWithVideo('Safety')
    const res = await api.setDirect(ann.id, safety.packageId, { dueDays: 7 })
    expect(res.status).toBe(200)
    expect(res.body.data!.packages[0]).toMatchObject({
      dueAt: new Date(ctx.now.getTime() + 7 * 86_400_000).toISOString(),
      directDue: { dueAt: null, dueDays: 7, reminderDays: [7, 1, -1] },
    })
    await api.setDirect(ann.id, safety.packageId, {})
    expect((await only(ann.id)).dueAt).toBeNull()
  })
})

describe('PUT /api/user/{userId}/packages/{packageId}', () => {
  it('assigns the package directly when the learner has none, with its settings; [] means no reminders', async () => {
    const safety = await api.packageWithVideo('Safety')
    const dueAt = api.inDays(3)
    const res = await api.setDirect(ann.id, safety.packageId, { dueAt, reminderDays: [] })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Assignment saved')
    expect(res.body.data!.packages).toMatchObject([
      {
        id: safety.packageId,
        direct: true,
        dueAt,
        status: 'not-started',
        directDue: { dueAt, dueDays: null, reminderDays: [] },
        groups: [],
      },
    ])
    const [due] = await assignmentsWithDue(ctx.deps.db, sql`up.user_id = ${ann.id}`)
    expect(due!.reminderDays).toEqual([])
    expect(await ctx.deps.db.select().from(notifications)).toHaveLength(1)
  })

  it('keeps reminder offsets once each, earliest first', async () => {
    const safety = await api.packageWithVideo('Safety')
    const res = await api.setDirect(ann.id, safety.packageId, { dueDays: 10, reminderDays: [-1, 7, 1, 7] })
    expect(res.body.data!.packages[0]!.directDue!.reminderDays).toEqual([7, 1, -1])
  })

  it('refuses both dueAt and dueDays (400), an unknown package or user (404), and changes nothing', async () => {
    const safety = await api.packageWithVideo('Safety')
    const both = await api.setDirect(ann.id, safety.packageId, { dueAt: api.inDays(3), dueDays: 3 })
    expect(both.status).toBe(400)
    expect(both.body.errorDetails).toEqual({ dueDays: 'Give either dueAt or dueDays, not both' })
    const noPackage = await api.setDirect(ann.id, 9999, {})
    expect(noPackage.status).toBe(404)
    expect(noPackage.body.message).toBe('Package not found with id 9999')
    const noUser = await api.setDirect(9999, safety.packageId, {})
    expect(noUser.status).toBe(404)
    expect(await api.packagesOf(ann.id)).toEqual([])
  })
})

describe('statuses, with the injected clock', () => {
  it('not started, then in progress, then overdue once the due date passes, then completed', async () => {
    const safety = await api.packageWithVideo('Safety')
    await api.setDirect(ann.id, safety.packageId, { dueDays: 2 })
    expect((await only(ann.id)).status).toBe('not-started')

    // Half of a two-video package: in progress.
    const { videoId: second } = await api.packageWithVideo('Second')
    await ctx.deps.db.execute(
      sql`update videos set sub_topic_id = (select sub_topic_id from videos where id = ${safety.videoId}) where id = ${second}`,
    )
    await api.watch(safety.videoId, ann.token)
    expect((await only(ann.id)).status).toBe('in-progress')

    await api.laterBy(2)
    expect((await only(ann.id)).status).toBe('in-progress') // due at this very moment: not yet overdue
    ctx.now = new Date(ctx.now.getTime() + 1000)
    expect((await only(ann.id)).status).toBe('overdue')

    await api.watch(second, await api.learnerToken(ann.id))
    const [done] = await api.packagesOf(ann.id)
    expect(done).toMatchObject({ status: 'completed', completedAt: ctx.now.toISOString() })
  })

  it('the learner reads the same due date and status on their own account', async () => {
    const safety = await api.packageWithVideo('Safety')
    const dueAt = api.inDays(-1)
    await api.setDirect(ann.id, safety.packageId, { dueAt })
    const me = await ctx.request<User>('GET', '/api/user/getUserByEmail', { token: ann.token })
    expect(me.body.data!.packages).toMatchObject([{ id: safety.packageId, dueAt, status: 'overdue' }])
  })
})

describe('reads that list learners’ packages', () => {
  it('cost the same number of queries for one package or many, through groups or directly', async () => {
    const count = async () => {
      ctx.queries.count = 0
      const res = await ctx.request('GET', '/api/user/getUserByEmail', { token: ann.token })
      expect(res.status).toBe(200)
      return ctx.queries.count
    }
    const group = await api.createGroup('Nights')
    await api.addMembers(group.id, [ann.id])
    const first = await api.packageWithVideo('P0')
    await api.giveGroup(group.id, first.packageId, { dueDays: 3 })
    await api.watch(first.videoId, ann.token)
    const one = await count()
    for (let i = 1; i <= 5; i++) {
      const pkg = await api.packageWithVideo(`P${i}`)
      if (i % 2) await api.giveGroup(group.id, pkg.packageId, { dueDays: i })
      else await api.setDirect(ann.id, pkg.packageId, { dueAt: api.inDays(i) })
      await api.watch(pkg.videoId, ann.token)
    }
    expect(await count()).toBe(one)

    ctx.queries.count = 0
    expect(
      (await ctx.request('GET', '/api/user/getPaginatedUsers?page=0&size=10', { token: (await ctx.createUser({ role: 'admin' })).token }))
        .status,
    ).toBe(200)
    const page = ctx.queries.count
    for (let i = 0; i < 4; i++) await api.addMembers(group.id, [(await ctx.createUser()).user.id])
    ctx.queries.count = 0
    expect(
      (await ctx.request('GET', '/api/user/getPaginatedUsers?page=0&size=10', { token: (await ctx.createUser({ role: 'admin' })).token }))
        .status,
    ).toBe(200)
    expect(ctx.queries.count).toBe(page)
  })
})
