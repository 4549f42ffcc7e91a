import { and, eq } from 'drizzle-orm'
import { notifications, userPackages, videoProgress } from '../db/schema.ts'
import { assignmentApi } from '../test/assignments.ts'
import { setupTestContext } from '../test/harness.ts'

const ctx = setupTestContext()
const api = assignmentApi(ctx)

let ann: { id: number; token: string }
beforeEach(async () => {
  await api.signInAdmin()
  const user = await ctx.createUser({ name: 'Ann', email: 'ann@example.com' })
  ann = { id: user.user.id, token: user.token }
})

const packageIds = async (userId: number) => (await api.packagesOf(userId)).map((p) => p.id)
const assignedNotifications = (userId: number) =>
  ctx.deps.db
    .select({ title: notifications.title, body: notifications.body, link: notifications.link, kind: notifications.kind })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'assigned')))
    .orderBy(notifications.id)

describe('a package assigned to a group', () => {
  it('is assigned to every member, present and future, and shows which group gives it', async () => {
    const safety = await api.packageWithVideo('Safety')
    const group = await api.createGroup('Night shift')
    await api.addMembers(group.id, [ann.id])
    expect((await api.giveGroup(group.id, safety.packageId)).status).toBe(200)
    const bob = await ctx.createUser({ name: 'Bob' })
    expect(await packageIds(bob.user.id)).toEqual([])
    expect((await api.addMembers(group.id, [bob.user.id])).status).toBe(200)

    for (const userId of [ann.id, bob.user.id]) {
      const [pkg] = await api.packagesOf(userId)
      expect(pkg).toMatchObject({ id: safety.packageId, direct: false, directDue: null, groups: [{ id: group.id, name: 'Night shift' }] })
    }
    // The learner reads it as theirs too.
    const mine = await ctx.request<{ packages: { id: number }[] }>('GET', '/api/user/getUserByEmail', { token: bob.token })
    expect(mine.body.data!.packages.map((p) => p.id)).toEqual([safety.packageId])
    expect((await ctx.request('GET', `/api/packages/${safety.packageId}`, { token: bob.token })).status).toBe(200)
  })

  it('goes when the member leaves, and comes back with their progress when they join again', async () => {
    const safety = await api.packageWithVideo('Safety')
    const group = await api.createGroup('Night shift')
    await api.giveGroup(group.id, safety.packageId)
    await api.addMembers(group.id, [ann.id])
    await api.watch(safety.videoId, ann.token)

    const left = await api.removeMember(group.id, ann.id)
    expect(left.status).toBe(200)
    expect(left.body.data!.members).toEqual([])
    expect(await packageIds(ann.id)).toEqual([])
    expect((await ctx.request('GET', `/api/packages/${safety.packageId}`, { token: ann.token })).status).toBe(403)
    expect(await ctx.deps.db.select().from(videoProgress).where(eq(videoProgress.userId, ann.id))).toHaveLength(1)

    await api.addMembers(group.id, [ann.id])
    const [back] = await api.packagesOf(ann.id)
    expect(back).toMatchObject({ id: safety.packageId, status: 'completed' })
    const progress = await ctx.request<{ percent: number }>('GET', `/api/progress/packages/${safety.packageId}`, { token: ann.token })
    expect(progress.body.data!.percent).toBe(100)
  })

  it('goes when the group is deleted or the package is taken from the group', async () => {
    const safety = await api.packageWithVideo('Safety')
    const fire = await api.packageWithVideo('Fire')
    const group = await api.createGroup('Night shift')
    await api.addMembers(group.id, [ann.id])
    await api.giveGroup(group.id, safety.packageId)
    await api.giveGroup(group.id, fire.packageId)
    expect(await packageIds(ann.id)).toEqual([safety.packageId, fire.packageId])

    const taken = await api.takeFromGroup(group.id, fire.packageId)
    expect(taken.status).toBe(200)
    expect(taken.body.data!.packages.map((p) => p.packageId)).toEqual([safety.packageId])
    expect(await packageIds(ann.id)).toEqual([safety.packageId])

    expect((await api.deleteGroup(group.id)).status).toBe(200)
    expect(await packageIds(ann.id)).toEqual([])
  })

  it('stays when the learner also has it directly or through another group', async () => {
    const safety = await api.packageWithVideo('Safety')
    const fire = await api.packageWithVideo('Fire')
    const nights = await api.createGroup('Nights')
    const wards = await api.createGroup('Wards')
    await api.addMembers(nights.id, [ann.id])
    await api.addMembers(wards.id, [ann.id])
    await api.giveGroup(nights.id, safety.packageId)
    await api.giveGroup(wards.id, safety.packageId)
    await api.giveGroup(nights.id, fire.packageId)
    await api.assignDirectly(ann.id, [fire.packageId])
    expect((await api.packagesOf(ann.id)).map((p) => [p.id, p.direct, p.groups.map((g) => g.name)])).toEqual([
      [safety.packageId, false, ['Nights', 'Wards']],
      [fire.packageId, true, ['Nights']],
    ])

    await api.removeMember(nights.id, ann.id)
    expect((await api.packagesOf(ann.id)).map((p) => [p.id, p.direct, p.groups.map((g) => g.name)])).toEqual([
      [safety.packageId, false, ['Wards']],
      [fire.packageId, true, []],
    ])
    await api.deleteGroup(wards.id)
    expect(await packageIds(ann.id)).toEqual([fire.packageId])
  })
})

describe('direct assignments beside groups', () => {
  it('assigning directly a package a group gives makes it direct too; unassigning it leaves the group’s', async () => {
    const safety = await api.packageWithVideo('Safety')
    const group = await api.createGroup('Nights')
    await api.addMembers(group.id, [ann.id])
    await api.giveGroup(group.id, safety.packageId)
    await api.setDirect(ann.id, safety.packageId, { dueDays: 3, reminderDays: [2] })
    expect((await api.packagesOf(ann.id))[0]).toMatchObject({ direct: true, directDue: { dueAt: null, dueDays: 3, reminderDays: [2] } })

    const res = await api.unassign(ann.id, safety.packageId)
    expect(res.status).toBe(200)
    expect(res.body.data!.packages).toMatchObject([{ id: safety.packageId, direct: false, directDue: null, groups: [{ name: 'Nights' }] }])
    const [row] = await ctx.deps.db.select().from(userPackages).where(eq(userPackages.userId, ann.id))
    expect(row).toMatchObject({ direct: false, dueAt: null, dueDays: null, reminderDays: [7, 1, -1] })

    // Then leaving the group takes it.
    await api.removeMember(group.id, ann.id)
    expect(await packageIds(ann.id)).toEqual([])
  })

  it('a package only groups give cannot be unassigned from the user: 409 naming the groups', async () => {
    const safety = await api.packageWithVideo('Safety')
    const group = await api.createGroup('Nights')
    await api.addMembers(group.id, [ann.id])
    await api.giveGroup(group.id, safety.packageId)
    const res = await api.unassign(ann.id, safety.packageId)
    expect(res.status).toBe(409)
    expect(res.body.message).toBe('This package comes through the group(s) Nights: remove it from the group, or the user from the group')
    expect(await packageIds(ann.id)).toEqual([safety.packageId])
  })

  it('unassigning a package the user does not have is a 404', async () => {
    const safety = await api.packageWithVideo('Safety')
    const res = await api.unassign(ann.id, safety.packageId)
    expect(res.status).toBe(404)
  })

  it('a direct assignment without groups goes when unassigned; the progress stays', async () => {
    const safety = await api.packageWithVideo('Safety')
    await api.assignDirectly(ann.id, [safety.packageId])
    await api.watch(safety.videoId, ann.token)
    expect((await api.unassign(ann.id, safety.packageId)).status).toBe(200)
    expect(await packageIds(ann.id)).toEqual([])
    expect(await ctx.deps.db.select().from(videoProgress).where(eq(videoProgress.userId, ann.id))).toHaveLength(1)
  })
})

describe("'assigned' notifications", () => {
  it('tell a learner once about each package newly theirs: through a group, on joining one, or directly', async () => {
    const safety = await api.packageWithVideo('Safety')
    const fire = await api.packageWithVideo('Fire')
    const first = await api.packageWithVideo('First aid')
    const group = await api.createGroup('Nights')
    await api.giveGroup(group.id, safety.packageId)
    await api.addMembers(group.id, [ann.id]) // joining: Safety
    await api.giveGroup(group.id, fire.packageId, { dueDays: 5 }) // given to the group: Fire
    await api.giveGroup(group.id, fire.packageId, { dueDays: 9 }) // only the settings change
    await api.addMembers(group.id, [ann.id]) // already a member
    await api.assignDirectly(ann.id, [safety.packageId]) // already hers
    await api.setDirect(ann.id, first.packageId, { dueDays: 2 }) // new, directly

    expect(await assignedNotifications(ann.id)).toEqual([
      {
        kind: 'assigned',
        title: 'New package: Safety package',
        body: '"Safety package" has been assigned to you. You can find it in My Learning Packages.',
        link: `/topics/${safety.packageId}`,
      },
      expect.objectContaining({ title: 'New package: Fire package', link: `/topics/${fire.packageId}` }),
      expect.objectContaining({ title: 'New package: First aid package', link: `/topics/${first.packageId}` }),
    ])
  })

  it('are not stored when the change fails', async () => {
    const safety = await api.packageWithVideo('Safety')
    const group = await api.createGroup('Nights')
    await api.giveGroup(group.id, safety.packageId)
    const res = await api.addMembers(group.id, [ann.id, 99999])
    expect(res.status).toBe(400)
    expect(await assignedNotifications(ann.id)).toEqual([])
    expect(await packageIds(ann.id)).toEqual([])
  })
})
