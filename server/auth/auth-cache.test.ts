import { eq } from 'drizzle-orm'
import { users } from '../db/schema.ts'
import { insertTree } from '../test/content.ts'
import { createTestContext, setupTestContext, type TestContext } from '../test/harness.ts'

/**
 * The guard's and the access checks' in-memory caches, with two instances on one database: A writes, B must refuse
 * at its very next request. On PostgreSQL (TEST_DATABASE_URL) B has its own pool and LISTEN connection, so it hears
 * of A's writes only through NOTIFY; on PGlite both are in this process and hear of it in-process.
 */
const a = setupTestContext()
let b: TestContext
beforeAll(async () => {
  b = await createTestContext({ JWT_SECRET: a.config.jwtSecret! }, { otherInstance: true })
})
afterAll(() => b.close())
beforeEach(() => {
  b.now = a.now
})

const me = (ctx: TestContext, token: string) => ctx.request('GET', '/api/user/getUserByEmail', { token })

/** B answers `token` from its cache: one read fills it. */
async function warmOnB(token: string) {
  expect((await me(b, token)).status).toBe(200)
}

describe('the guard on instance B, after a change on instance A', () => {
  it('refuses the old token once the password was changed on A, and takes the fresh one', async () => {
    const { token, password } = await a.createUser()
    await warmOnB(token)
    const changed = await a.request<{ token: string }>('PUT', '/api/user/password', {
      token,
      body: { currentPassword: password, newPassword: 'a-new-password-42' },
    })
    expect(changed.status).toBe(200)
    expect((await me(b, token)).status).toBe(401)
    expect((await me(b, changed.body.data!.token)).status).toBe(200)
  })

  it('refuses the old token once the role was changed on A: a demoted admin is no admin on B', async () => {
    const admin = await a.createUser({ role: 'admin' })
    const demoted = await a.createUser({ role: 'admin' })
    expect((await b.request('GET', '/api/user/all', { token: demoted.token })).status).toBe(200)
    expect((await a.request('PUT', `/api/user/${demoted.user.id}/role`, { token: admin.token, body: { role: 'USER' } })).status).toBe(200)
    const refused = await b.request('GET', '/api/user/all', { token: demoted.token })
    expect(refused.status).toBe(401)
  })

  it("refuses every token after 'sign out everywhere' on A, saying so", async () => {
    const { token } = await a.createUser()
    await warmOnB(token)
    expect((await a.request('POST', '/api/user/sessions/revoke', { token })).status).toBe(200)
    const refused = await me(b, token)
    expect(refused.status).toBe(401)
    expect(refused.body.message).toBe('You signed out on all devices. Sign in again.')
  })

  it('refuses the token of an account deleted on A', async () => {
    const { user, token } = await a.createUser()
    await warmOnB(token)
    await a.deps.db.delete(users).where(eq(users.id, user.id))
    const refused = await me(b, token)
    expect(refused.status).toBe(401)
    expect(refused.body.message).toBe('Your account no longer exists. Sign in again.')
  })
})

describe('access on instance B, after an assignment changed on instance A', () => {
  async function assignedLearner() {
    const admin = await a.createUser({ role: 'admin' })
    const learner = await a.createUser()
    const tree = await insertTree(a.deps.db, { skills: 1, topics: 1, subTopics: 1 })
    expect(
      (await a.request('PUT', `/api/user/${learner.user.id}/packages/${tree.packageId}`, { token: admin.token, body: {} })).status,
    ).toBe(200)
    return { admin, learner, tree }
  }

  it('refuses the package tree and a skill on B at once when A unassigns the learner', async () => {
    const { admin, learner, tree } = await assignedLearner()
    const treePath = `/api/packages/${tree.packageId}`
    expect((await b.request('GET', treePath, { token: learner.token })).status).toBe(200)
    expect((await b.request('GET', `/api/skills/${tree.skillIds[0]}`, { token: learner.token })).status).toBe(200)
    const unassigned = await a.request('DELETE', `/api/user/${learner.user.id}/packages/${tree.packageId}`, { token: admin.token })
    expect(unassigned.status).toBe(200)
    const refused = await b.request('GET', treePath, { token: learner.token })
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe('This package is not assigned to you')
    expect((await b.request('GET', `/api/skills/${tree.skillIds[0]}`, { token: learner.token })).status).toBe(403)
  })

  it('follows group membership on B: removed from the group on A, refused at once; added back, allowed', async () => {
    const admin = await a.createUser({ role: 'admin' })
    const learner = await a.createUser()
    const tree = await insertTree(a.deps.db, { skills: 1, topics: 1, subTopics: 1 })
    const group = await a.request<{ id: number }>('POST', '/api/groups', { token: admin.token, body: { name: 'Night shift' } })
    const groupId = group.body.data!.id
    expect((await a.request('PUT', `/api/groups/${groupId}/packages/${tree.packageId}`, { token: admin.token, body: {} })).status).toBe(200)
    const members = `/api/groups/${groupId}/members`
    expect((await a.request('POST', members, { token: admin.token, body: { userIds: [learner.user.id] } })).status).toBe(200)
    const treePath = `/api/packages/${tree.packageId}`
    expect((await b.request('GET', treePath, { token: learner.token })).status).toBe(200)

    expect((await a.request('DELETE', `${members}/${learner.user.id}`, { token: admin.token })).status).toBe(200)
    expect((await b.request('GET', treePath, { token: learner.token })).status).toBe(403)

    expect((await a.request('POST', members, { token: admin.token, body: { userIds: [learner.user.id] } })).status).toBe(200)
    expect((await b.request('GET', treePath, { token: learner.token })).status).toBe(200)
  })

  it('answers a repeated read without a query once warm, and a write under the package is read at once', async () => {
    const { admin, learner, tree } = await assignedLearner()
    const treePath = `/api/packages/${tree.packageId}`
    const first = await a.request('GET', treePath, { token: learner.token })
    const tag = first.headers.get('etag')!
    a.queries.count = 0
    expect((await a.request('GET', treePath, { token: learner.token, headers: { 'if-none-match': tag } })).status).toBe(304)
    expect(a.queries.count).toBe(0)
    const renamed = await b.request('PUT', `/api/topic/${tree.topicIds[0]}`, {
      token: admin.token,
      body: { title: 'Renamed on B', description: 'Renamed on B' },
    })
    expect(renamed.status).toBe(200)
    const after = await a.request('GET', treePath, { token: learner.token, headers: { 'if-none-match': tag } })
    expect(after.status).toBe(200)
    expect(after.headers.get('etag')).not.toBe(tag)
  })
})
