import type { GroupDetail, GroupSummary } from '../../contract/groups.ts'
import { insertTree } from '../test/content.ts'
import { setupTestContext } from '../test/harness.ts'

const ctx = setupTestContext()

let admin: string
beforeEach(async () => {
  admin = (await ctx.createUser({ role: 'admin' })).token
})

const create = (body: unknown) => ctx.request<GroupSummary>('POST', '/api/groups', { token: admin, body })
const list = () => ctx.request<GroupSummary[]>('GET', '/api/groups', { token: admin })
const detail = (id: number | string) => ctx.request<GroupDetail>('GET', `/api/groups/${id}`, { token: admin })

describe('groups: create, list, read, rename, delete', () => {
  it('creates a group (201), lists it with its counts and reads it with its members and packages', async () => {
    const created = await create({ name: '  Night shift ', description: 'Wards 4 and 5' })
    expect(created.status).toBe(201)
    expect(created.body.message).toBe('Group created')
    const group = created.body.data!
    expect(group).toEqual({ id: expect.any(Number), name: 'Night shift', description: 'Wards 4 and 5', memberCount: 0, packageCount: 0 })

    const ann = await ctx.createUser({ name: 'Ann', email: 'ann@example.com' })
    const pkg = await insertTree(ctx.deps.db, { skills: 1, topics: 0, subTopics: 0, label: 'Safety' })
    expect((await ctx.request('POST', `/api/groups/${group.id}/members`, { token: admin, body: { userIds: [ann.user.id] } })).status).toBe(
      200,
    )
    const assigned = await ctx.request<GroupDetail>('PUT', `/api/groups/${group.id}/packages/${pkg.packageId}`, {
      token: admin,
      body: { dueAt: '2030-01-31T17:00:00+01:00', reminderDays: [1, 7, 1, -1] },
    })
    expect(assigned.status).toBe(200)

    expect((await list()).body.data).toEqual([{ ...group, memberCount: 1, packageCount: 1 }])
    expect((await detail(group.id)).body.data).toEqual({
      id: group.id,
      name: 'Night shift',
      description: 'Wards 4 and 5',
      members: [{ id: ann.user.id, name: 'Ann', email: 'ann@example.com' }],
      packages: [
        { packageId: pkg.packageId, title: 'Safety package', dueAt: '2030-01-31T16:00:00.000Z', dueDays: null, reminderDays: [7, 1, -1] },
      ],
    })
  })

  it('lists groups by name, whatever their case', async () => {
    for (const name of ['beta', 'Alpha', 'gamma']) await create({ name })
    expect((await list()).body.data!.map((g) => g.name)).toEqual(['Alpha', 'beta', 'gamma'])
  })

  it('a name already used, in any case, is a 409 on create and on rename; renaming to its own name in another case is fine', async () => {
    const nurses = (await create({ name: 'Nurses' })).body.data!
    const again = await create({ name: 'NURSES' })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('A group named "NURSES" already exists')

    const doctors = (await create({ name: 'Doctors' })).body.data!
    const clash = await ctx.request('PATCH', `/api/groups/${doctors.id}`, { token: admin, body: { name: 'nurses' } })
    expect(clash.status).toBe(409)
    expect(clash.body.message).toBe('A group named "nurses" already exists')

    const recased = await ctx.request<GroupSummary>('PATCH', `/api/groups/${nurses.id}`, { token: admin, body: { name: 'nurses' } })
    expect(recased.status).toBe(200)
    expect(recased.body.data).toMatchObject({ id: nurses.id, name: 'nurses' })
    const described = await ctx.request<GroupSummary>('PATCH', `/api/groups/${nurses.id}`, {
      token: admin,
      body: { description: 'All wards' },
    })
    expect(described.body.data).toMatchObject({ name: 'nurses', description: 'All wards' })
  })

  it('two requests creating the same name at once: one 201, one 409', async () => {
    const answers = await Promise.all([create({ name: 'Cohort' }), create({ name: 'cohort' })])
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409])
    expect((await list()).body.data).toHaveLength(1)
  })

  it('refuses bad names and descriptions with a 400 naming the field', async () => {
    for (const [body, field] of [
      [{}, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ name: 'Tab\there' }, 'name'],
      [{ name: 'Fine', description: 'y'.repeat(1001) }, 'description'],
    ] as const) {
      const res = await create(body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.errorDetails).toHaveProperty(field)
    }
    const group = (await create({ name: 'Kept' })).body.data!
    const empty = await ctx.request('PATCH', `/api/groups/${group.id}`, { token: admin, body: {} })
    expect(empty.status).toBe(400)
    expect(empty.body.message).toBe('Give a name or a description to change')
    expect((await list()).body.data).toHaveLength(1)
  })

  it('an unknown group is a 404 on every route that names one', async () => {
    const pkg = await insertTree(ctx.deps.db, { skills: 1, topics: 0, subTopics: 0 })
    const ann = await ctx.createUser()
    for (const [method, path, body] of [
      ['GET', '/api/groups/999', undefined],
      ['PATCH', '/api/groups/999', { name: 'X' }],
      ['DELETE', '/api/groups/999', undefined],
      ['POST', '/api/groups/999/members', { userIds: [ann.user.id] }],
      ['DELETE', `/api/groups/999/members/${ann.user.id}`, undefined],
      ['PUT', `/api/groups/999/packages/${pkg.packageId}`, {}],
      ['DELETE', `/api/groups/999/packages/${pkg.packageId}`, undefined],
    ] as const) {
      const res = await ctx.request(method, path, { token: admin, body })
      expect(res.status, `${method} ${path}`).toBe(404)
      expect(res.body.message).toBe('Group not found')
    }
  })

  it('deletes a group', async () => {
    const group = (await create({ name: 'Gone' })).body.data!
    const res = await ctx.request('DELETE', `/api/groups/${group.id}`, { token: admin })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('Group deleted')
    expect((await detail(group.id)).status).toBe(404)
    expect((await list()).body.data).toEqual([])
  })
})

describe('group members and packages: input', () => {
  it('adding unknown user ids is a 400 naming them, and adds nobody', async () => {
    const group = (await create({ name: 'G' })).body.data!
    const ann = await ctx.createUser()
    const res = await ctx.request('POST', `/api/groups/${group.id}/members`, { token: admin, body: { userIds: [ann.user.id, 9998, 9999] } })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('Unknown user id(s): 9998, 9999')
    expect(res.body.errorDetails).toEqual({ userIds: 'Unknown user id(s): 9998, 9999' })
    expect((await detail(group.id)).body.data!.members).toEqual([])
  })

  it('adding a member twice is fine: one membership', async () => {
    const group = (await create({ name: 'G' })).body.data!
    const ann = await ctx.createUser()
    const add = () =>
      ctx.request<GroupDetail>('POST', `/api/groups/${group.id}/members`, { token: admin, body: { userIds: [ann.user.id, ann.user.id] } })
    expect((await add()).status).toBe(200)
    const again = await add()
    expect(again.status).toBe(200)
    expect(again.body.data!.members.map((m) => m.id)).toEqual([ann.user.id])
  })

  it('refuses an empty or malformed user list', async () => {
    const group = (await create({ name: 'G' })).body.data!
    for (const body of [
      {},
      { userIds: [] },
      { userIds: ['x'] },
      { userIds: [0] },
      { userIds: Array.from({ length: 501 }, (_, i) => i + 1) },
    ]) {
      const res = await ctx.request('POST', `/api/groups/${group.id}/members`, { token: admin, body })
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400)
      expect(Object.keys(res.body.errorDetails ?? {})[0]).toMatch(/^userIds/)
    }
  })

  it('removing someone who is not a member is a 404', async () => {
    const group = (await create({ name: 'G' })).body.data!
    const ann = await ctx.createUser()
    const res = await ctx.request('DELETE', `/api/groups/${group.id}/members/${ann.user.id}`, { token: admin })
    expect(res.status).toBe(404)
    expect(res.body.message).toBe('This user is not a member of the group')
  })

  it('assigning a package is idempotent: a second PUT replaces the due settings', async () => {
    const group = (await create({ name: 'G' })).body.data!
    const pkg = await insertTree(ctx.deps.db, { skills: 1, topics: 0, subTopics: 0 })
    const put = (body: unknown) =>
      ctx.request<GroupDetail>('PUT', `/api/groups/${group.id}/packages/${pkg.packageId}`, { token: admin, body })
    expect((await put({ dueDays: 14 })).body.data!.packages).toEqual([
      { packageId: pkg.packageId, title: 'P package', dueAt: null, dueDays: 14, reminderDays: [7, 1, -1] },
    ])
    expect((await put({ dueAt: '2031-05-01T09:00:00Z', reminderDays: [] })).body.data!.packages).toEqual([
      { packageId: pkg.packageId, title: 'P package', dueAt: '2031-05-01T09:00:00.000Z', dueDays: null, reminderDays: [] },
    ])
    expect((await list()).body.data![0]!.packageCount).toBe(1)
  })

  it('refuses due settings that break the rules with a 400 naming the field, and stores nothing', async () => {
    const group = (await create({ name: 'G' })).body.data!
    const pkg = await insertTree(ctx.deps.db, { skills: 1, topics: 0, subTopics: 0 })
    for (const [body, field] of [
      [{ dueAt: '2031-05-01T09:00:00Z', dueDays: 3 }, 'dueDays'],
      [{ dueAt: 'next friday' }, 'dueAt'],
      [{ dueAt: '2031-05-01' }, 'dueAt'],
      [{ dueDays: 0 }, 'dueDays'],
      [{ dueDays: 1.5 }, 'dueDays'],
      [{ dueDays: 3651 }, 'dueDays'],
      [{ reminderDays: [366] }, 'reminderDays.0'],
      [{ reminderDays: [-366] }, 'reminderDays.0'],
      [{ reminderDays: [1.5] }, 'reminderDays.0'],
      [{ reminderDays: Array.from({ length: 11 }, (_, i) => i) }, 'reminderDays'],
      [{ reminderDays: 7 }, 'reminderDays'],
    ] as const) {
      const res = await ctx.request('PUT', `/api/groups/${group.id}/packages/${pkg.packageId}`, { token: admin, body })
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.errorDetails, JSON.stringify(body)).toHaveProperty([field])
    }
    expect((await detail(group.id)).body.data!.packages).toEqual([])
  })

  it('an unknown package is a 404 to assign; one the group does not have is a 404 to unassign', async () => {
    const group = (await create({ name: 'G' })).body.data!
    const pkg = await insertTree(ctx.deps.db, { skills: 1, topics: 0, subTopics: 0 })
    const unknown = await ctx.request('PUT', `/api/groups/${group.id}/packages/9999`, { token: admin, body: {} })
    expect(unknown.status).toBe(404)
    expect(unknown.body.message).toBe('Package not found with id 9999')
    const notGiven = await ctx.request('DELETE', `/api/groups/${group.id}/packages/${pkg.packageId}`, { token: admin })
    expect(notGiven.status).toBe(404)
    expect(notGiven.body.message).toBe('This package is not assigned to the group')
  })

  it('learners may not manage groups', async () => {
    const learner = await ctx.createUser()
    const res = await ctx.request('POST', '/api/groups', { token: learner.token, body: { name: 'Mine' } })
    expect(res.status).toBe(403)
    expect((await list()).body.data).toEqual([])
  })
})
