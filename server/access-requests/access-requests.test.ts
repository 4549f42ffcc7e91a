import type { AccessRequest, MyAccessRequests } from '../../contract/access-requests.ts'
import type { User } from '../../contract/auth.ts'
import { insertTree } from '../test/content.ts'
import { setupTestContext } from '../test/harness.ts'
import { ACCESS_REQUESTS_PER_HOUR } from './service.ts'

const ctx = setupTestContext()

const ask = (packageId: unknown, token: string) =>
  ctx.request<MyAccessRequests>('POST', '/api/access-requests', { token, body: { packageId } })
const openRequests = (token: string) => ctx.request<AccessRequest[]>('GET', '/api/access-requests', { token })
const mine = (token: string) => ctx.request<MyAccessRequests>('GET', '/api/access-requests/mine', { token })

async function seed() {
  const admin = await ctx.createUser({ role: 'admin', email: 'admin-one@example.com' })
  const second = await ctx.createUser({ role: 'admin', email: 'admin-two@example.com' })
  const learner = await ctx.createUser({ name: 'Lena Learner', email: 'lena@example.com' })
  const pkg = await insertTree(ctx.deps.db, { skills: 1, topics: 0, subTopics: 0, label: 'Cloud' })
  return { admin, second, learner, pkg }
}

describe('access requests', () => {
  it('records a request once, mails every admin once, and lists it for admins', async () => {
    const { admin, learner, pkg } = await seed()
    const first = await ask(pkg.packageId, learner.token)
    expect(first.status).toBe(201)
    expect(first.body).toMatchObject({ message: 'Access requested', data: { packageIds: [pkg.packageId] } })

    const again = await ask(pkg.packageId, learner.token)
    expect(again.status).toBe(200)
    expect(again.body).toMatchObject({ message: 'Access already requested', data: { packageIds: [pkg.packageId] } })

    expect(ctx.outbox.map((m) => m.to).sort()).toEqual(['admin-one@example.com', 'admin-two@example.com'])
    expect(ctx.outbox[0]!.subject).toBe('Access requested: Cloud package')
    expect(ctx.outbox[0]!.text).toContain('Lena Learner (lena@example.com) asks for access to the package "Cloud package"')
    expect(ctx.outbox[0]!.text).toContain('http://learnpack.test/admin/package-assigner')

    const list = await openRequests(admin.token)
    expect(list.status).toBe(200)
    expect(list.body.data).toEqual([
      {
        id: expect.any(Number),
        createdAt: expect.any(String),
        user: { id: learner.user.id, name: 'Lena Learner', email: 'lena@example.com' },
        package: { id: pkg.packageId, title: 'Cloud package' },
      },
    ])
    expect((await mine(learner.token)).body.data).toEqual({ packageIds: [pkg.packageId] })
  })

  it('keeps one open request when the same learner asks from many tabs at once', async () => {
    const { admin, learner, pkg } = await seed()
    const answers = await Promise.all(Array.from({ length: 6 }, () => ask(pkg.packageId, learner.token)))
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 201])
    expect((await openRequests(admin.token)).body.data).toHaveLength(1)
    expect(ctx.outbox).toHaveLength(2)
  })

  it('assigning from the request gives the learner the package and closes the request', async () => {
    const { admin, second, learner, pkg } = await seed()
    await ask(pkg.packageId, learner.token)
    const [request] = (await openRequests(admin.token)).body.data!
    const assigned = await ctx.request('POST', `/api/access-requests/${request!.id}/assign`, { token: admin.token })
    expect(assigned.status).toBe(200)
    const me = await ctx.request<User>('GET', `/api/user/getUserById?id=${learner.user.id}`, { token: learner.token })
    expect(me.body.data!.packages.map((p) => p.id)).toEqual([pkg.packageId])
    expect((await openRequests(admin.token)).body.data).toEqual([])
    expect((await mine(learner.token)).body.data).toEqual({ packageIds: [] })
    // Another admin acting on the same request a moment later is told it is handled.
    const late = await ctx.request('POST', `/api/access-requests/${request!.id}/dismiss`, { token: second.token })
    expect(late.status).toBe(409)
    expect(late.body.message).toBe('This request has already been handled')
    // Asking for a package one has is a conflict, not a new request.
    const owned = await ask(pkg.packageId, learner.token)
    expect(owned.status).toBe(409)
    expect(owned.body.message).toBe('This package is already assigned to you')
  })

  it('dismissing closes the request without assigning; the learner may ask again', async () => {
    const { admin, learner, pkg } = await seed()
    await ask(pkg.packageId, learner.token)
    const [request] = (await openRequests(admin.token)).body.data!
    expect((await ctx.request('POST', `/api/access-requests/${request!.id}/dismiss`, { token: admin.token })).status).toBe(200)
    expect((await openRequests(admin.token)).body.data).toEqual([])
    const me = await ctx.request<User>('GET', `/api/user/getUserById?id=${learner.user.id}`, { token: learner.token })
    expect(me.body.data!.packages).toEqual([])
    expect((await ask(pkg.packageId, learner.token)).status).toBe(201)
  })

  it('closes the request when an admin assigns the package through the assigner', async () => {
    const { admin, learner, pkg } = await seed()
    await ask(pkg.packageId, learner.token)
    const res = await ctx.request('PUT', `/api/user/${learner.user.id}/assign-packages`, {
      token: admin.token,
      body: { packageIds: [pkg.packageId] },
    })
    expect(res.status).toBe(200)
    expect((await openRequests(admin.token)).body.data).toEqual([])
  })

  it('lets no learner list, assign or dismiss requests', async () => {
    const { learner, pkg } = await seed()
    const other = await ctx.createUser()
    await ask(pkg.packageId, learner.token)
    expect((await openRequests(other.token)).status).toBe(403)
    for (const action of ['assign', 'dismiss']) {
      for (const token of [learner.token, other.token]) {
        expect((await ctx.request('POST', `/api/access-requests/1/${action}`, { token })).status).toBe(403)
      }
    }
    const me = await ctx.request<User>('GET', `/api/user/getUserById?id=${learner.user.id}`, { token: learner.token })
    expect(me.body.data!.packages).toEqual([])
  })

  it('refuses bad input with a 4xx naming the problem', async () => {
    const { admin, learner } = await seed()
    for (const bad of [undefined, 'abc', 0, -1, 1.5, '1e3', 2 ** 40]) {
      const res = await ask(bad, learner.token)
      expect(res.status, String(bad)).toBe(400)
      expect(res.body.errorDetails).toHaveProperty('packageId')
    }
    expect((await ask(999, learner.token)).status).toBe(404)
    expect((await ask(1, admin.token)).status).toBe(403)
    expect((await ctx.request('POST', '/api/access-requests/999/assign', { token: admin.token })).status).toBe(404)
    expect((await ctx.request('POST', '/api/access-requests/x/assign', { token: admin.token })).status).toBe(400)
    expect((await ctx.request('POST', '/api/access-requests', { body: { packageId: 1 } })).status).toBe(401)
  })

  it(`allows ${ACCESS_REQUESTS_PER_HOUR} requests an hour per learner`, async () => {
    const { learner } = await seed()
    const ids: number[] = []
    for (let i = 0; i <= ACCESS_REQUESTS_PER_HOUR; i++)
      ids.push((await insertTree(ctx.deps.db, { skills: 1, topics: 0, subTopics: 0, label: `P${i}` })).packageId)
    for (const id of ids.slice(0, ACCESS_REQUESTS_PER_HOUR)) expect((await ask(id, learner.token)).status).toBe(201)
    const refused = await ask(ids.at(-1), learner.token)
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBeTruthy()
    ctx.now = new Date(ctx.now.getTime() + 61 * 60_000)
    expect((await ask(ids.at(-1), learner.token)).status).toBe(201)
  })
})
