import type { SkillWithTopics } from '../../contract/content.ts'
import { setupTestContext } from '../test/harness.ts'
import { insertTree, keysOf, type BuiltTree } from '../test/content.ts'

const ctx = setupTestContext()
let admin: string
let learner: string
let built: BuiltTree
beforeEach(async () => {
  admin = (await ctx.createUser({ role: 'admin' })).token
  learner = (await ctx.createUser({ role: 'USER' })).token
  built = await insertTree(ctx.deps.db, { skills: 2, topics: 2, subTopics: 3 })
})

const paths = [
  ['GET /api/skills/skills/:id/topics', (id: number | string) => `/api/skills/skills/${id}/topics`, 'Skill and its topics loaded'],
  ['GET /api/skills/:id', (id: number | string) => `/api/skills/${id}`, 'Skill found'],
] as const

describe.each(paths)('%s', (_name, path, message) => {
  it('answers the skill with its package title, topics and sub-topics, in id order', async () => {
    const res = await ctx.request<SkillWithTopics>('GET', path(built.skillIds[1]!), { token: admin })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ success: true, status: 200, message })
    const skill = res.body.data!
    expect(keysOf(skill)).toEqual(['createdAt', 'description', 'id', 'packageId', 'packageTitle', 'price', 'title', 'topics'])
    expect(skill).toMatchObject({
      id: built.skillIds[1],
      packageId: built.packageId,
      packageTitle: 'P package',
      title: 'P skill 1',
      price: '10.00',
    })
    expect(skill.topics.map((t) => t.id)).toEqual(built.topicIds.slice(2))
    expect(skill.topics.flatMap((t) => t.subTopics.map((s) => s.id))).toEqual(built.subTopicIds.slice(6))
    expect(skill.topics[0]!.subTopics[0]).toMatchObject({ topicId: built.topicIds[2], videos: [], studyMaterials: [] })
  })

  it('a skill without topics has an empty list', async () => {
    const { skillIds } = await insertTree(ctx.deps.db, { skills: 1, topics: 0, subTopics: 0, label: 'bare' })
    const res = await ctx.request<SkillWithTopics>('GET', path(skillIds[0]!), { token: admin })
    expect(res.status).toBe(200)
    expect(res.body.data!.topics).toEqual([])
  })

  it('404 for an unknown skill', async () => {
    const res = await ctx.request('GET', path(999), { token: admin })
    expect(res.status).toBe(404)
    expect(res.body).toMatchObject({ success: false, status: 404, message: 'Skill not found: 999' })
  })

  it.each(['abc', '0', '2.5'])('400 for the id %s', async (id) => {
    const res = await ctx.request('GET', path(id), { token: admin })
    expect(res.status).toBe(400)
    expect(res.body.errorDetails).toHaveProperty('id')
  })

  it('admin-only for now: learner 403, no token 401', async () => {
    const forbidden = await ctx.request('GET', path(built.skillIds[0]!), { token: learner })
    expect(forbidden.status).toBe(403)
    expect(forbidden.body).toMatchObject({ success: false, status: 403 })
    expect((await ctx.request('GET', path(built.skillIds[0]!))).status).toBe(401)
  })

  it('loads in a constant number of queries whatever the skill’s size', async () => {
    const big = await insertTree(ctx.deps.db, { skills: 1, topics: 20, subTopics: 10, label: 'big' })
    // The admin's session is read once and then served from the session cache: warm it, so both reads count alike.
    await ctx.request('GET', '/api/user/getUserByEmail', { token: admin })
    ctx.queries.count = 0
    const res = await ctx.request<SkillWithTopics>('GET', path(big.skillIds[0]!), { token: admin })
    expect(res.body.data!.topics.flatMap((t) => t.subTopics)).toHaveLength(200)
    const bigCount = ctx.queries.count
    ctx.queries.count = 0
    await ctx.request('GET', path(built.skillIds[0]!), { token: admin })
    expect(ctx.queries.count).toBe(bigCount)
    // the revalidation stamp (package version and access) and one tree query
    expect(bigCount).toBe(2)
  })
})
