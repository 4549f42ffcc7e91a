import type { SearchHit } from '../../contract/search.ts'
import { mcqs, storedFiles, studyMaterials, userPackages, videos } from '../db/schema.ts'
import { setupTestContext } from '../test/harness.ts'
import { insertTree } from '../test/content.ts'

const ctx = setupTestContext()

const search = (q: string, token: string) => ctx.request<SearchHit[]>('GET', `/api/search?q=${encodeURIComponent(q)}`, { token })
const where = (hit: SearchHit) => [hit.package.title, hit.skill?.title, hit.topic?.title, hit.subTopic?.title].filter(Boolean)

/**
 * Two packages: 'Networking' (assigned to the learner) and 'Hidden' (not), each with a sub-topic holding a
 * video, a study material and a question whose text and option share the searched word.
 */
async function seed() {
  const admin = await ctx.createUser({ role: 'admin' })
  const learner = await ctx.createUser()
  const mine = await insertTree(ctx.deps.db, { skills: 1, topics: 1, subTopics: 1, label: 'Networking' })
  const other = await insertTree(ctx.deps.db, { skills: 1, topics: 1, subTopics: 1, label: 'Hidden' })
  await ctx.deps.db.insert(userPackages).values({ userId: learner.user.id, packageId: mine.packageId })
  await ctx.deps.db
    .insert(storedFiles)
    .values(
      ['v1', 't1', 'm1', 'v2', 't2', 'm2'].map((key) => ({ key, contentType: 'application/octet-stream', size: 1, originalName: key })),
    )
  for (const [tree, n] of [
    [mine, 1],
    [other, 2],
  ] as const) {
    const subTopicId = tree.subTopicIds[0]!
    await ctx.deps.db.insert(videos).values({ subTopicId, title: `Subnetting walkthrough ${n}`, fileKey: `v${n}`, thumbnailKey: `t${n}` })
    await ctx.deps.db
      .insert(studyMaterials)
      .values({ subTopicId, name: `Subnet cheat sheet ${n}`, fileKey: `m${n}`, version: 1, isLatest: true })
    await ctx.deps.db.insert(mcqs).values({
      subTopicId,
      question: `Quizword question ${n}`,
      options: JSON.stringify({ A: 'Quizword answer', B: 'Other' }),
      correctOption: 'A',
      explanation: 'Quizword explanation',
    })
  }
  return { admin, learner, mine, other }
}

describe('GET /api/search', () => {
  it('finds a sub-topic by a partial word and says where it sits', async () => {
    const { learner, mine } = await seed()
    const res = await search('sub-top 0.0', learner.token)
    expect(res.status).toBe(200)
    const hit = res.body.data!.find((h) => h.kind === 'subTopic')
    expect(hit).toMatchObject({ id: mine.subTopicIds[0], title: 'Networking sub-topic 0.0', assigned: true })
    expect(where(hit!)).toEqual(['Networking package', 'Networking skill 0', 'Networking topic 0.0'])
  })

  it("finds video titles and study-material names inside the learner's packages, never in others", async () => {
    const { learner } = await seed()
    const hits = (await search('subnet', learner.token)).body.data!
    expect(hits.map((h) => [h.kind, h.title]).sort()).toEqual([
      ['studyMaterial', 'Subnet cheat sheet 1'],
      ['video', 'Subnetting walkthrough 1'],
    ])
    expect(where(hits[0]!)).toEqual(['Networking package', 'Networking skill 0', 'Networking topic 0.0', 'Networking sub-topic 0.0'])
  })

  it('shows a learner packages they are not assigned only as catalogue entries, never their content', async () => {
    const { learner, other } = await seed()
    const hits = (await search('hidden', learner.token)).body.data!
    expect(hits).toEqual([
      {
        kind: 'package',
        id: other.packageId,
        title: 'Hidden package',
        package: { id: other.packageId, title: 'Hidden package' },
        skill: null,
        topic: null,
        subTopic: null,
        assigned: false,
      },
    ])
  })

  it('lets an admin find everything, in every package', async () => {
    const { admin } = await seed()
    const hits = (await search('subnet', admin.token)).body.data!
    expect(hits.map((h) => h.title).sort()).toEqual([
      'Subnet cheat sheet 1',
      'Subnet cheat sheet 2',
      'Subnetting walkthrough 1',
      'Subnetting walkthrough 2',
    ])
    expect(hits.every((h) => h.assigned)).toBe(true)
  })

  it('never searches question texts, options or explanations', async () => {
    const { admin, learner } = await seed()
    for (const token of [admin.token, learner.token]) {
      const res = await search('quizword', token)
      expect(res.status).toBe(200)
      expect(res.body.data).toEqual([])
    }
  })

  it('answers hostile or empty search text with a 400 or no hits, never a 500', async () => {
    const { learner } = await seed()
    for (const q of ["'", '!', '&|', 'a:*', '(net', 'net)', '\\', "sub' | 'x", ':*', '!!!net', '<->', 'a & !b', '"']) {
      const res = await search(q, learner.token)
      expect(res.status, q).toBe(200)
      expect(Array.isArray(res.body.data), q).toBe(true)
    }
    expect((await search('', learner.token)).status).toBe(400)
    expect((await search('   ', learner.token)).status).toBe(400)
    const long = await search('x'.repeat(101), learner.token)
    expect(long.status).toBe(400)
    expect(long.body.message).toMatch(/at most 100 characters/)
    expect((await search('net\u0000work', learner.token)).status).toBe(400)
    expect((await ctx.request('GET', '/api/search', { token: learner.token })).status).toBe(400)
  })

  it('returns at most 30 hits', async () => {
    const { learner } = await seed()
    await insertTree(ctx.deps.db, { skills: 40, topics: 0, subTopics: 0, label: 'Bulk' })
    const hits = (await search('bulk', learner.token)).body.data!
    expect(hits).toHaveLength(1)
    const admin = await ctx.createUser({ role: 'admin' })
    expect((await search('bulk', admin.token)).body.data).toHaveLength(30)
  })

  it('needs a signed-in user', async () => {
    expect((await ctx.request('GET', '/api/search?q=net')).status).toBe(401)
  })
})
